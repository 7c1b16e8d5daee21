// The edit pages' save flow: once the change is saved, a toast says so (when the page has words for it)
// and the user is taken back to what was edited. Pass the result as the mutation's options.
import { useNavigate } from '../../lib/router/index.tsx';
import { useToast } from './toast.tsx';

export function useSaveAndReturn(to: string, saved?: string) {
  const navigate = useNavigate();
  const toast = useToast();
  return {
    onSuccess: () => {
      if (saved) toast(saved, 'success');
      navigate(to);
    },
  };
}

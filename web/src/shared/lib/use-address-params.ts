import { useSearchParams } from '../../lib/router/index.tsx';

/**
 * The page's address parameters and a setter of one of them (undefined removes it). A change replaces
 * the history entry: filters, sorts and months live in the address without adding a Back step each.
 * It is applied at once (flushSync), not as a transition: a checkbox or select bound to the address
 * shows its new state as soon as it is clicked, never the old one for a moment.
 */
export function useAddressParams(): [params: URLSearchParams, set: (name: string, value: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const set = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true, flushSync: true });
  };
  return [params, set];
}

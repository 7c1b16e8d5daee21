import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/nakama/errors.ts';
import { ToastProvider } from '../shared/ui/toast.tsx';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors (4xx) will not change on retry; network and server errors may.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      // An answer is fresh for 2 s: the parts of one page that mount one after another (a team's header and
      // its section) share it instead of each asking again; changes invalidate their queries at once anyway.
      staleTime: 2_000,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}

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

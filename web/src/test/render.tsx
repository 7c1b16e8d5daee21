// Renders a page inside the app's providers and a memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '../lib/router/index.tsx';
import { ToastProvider } from '../shared/ui/toast.tsx';

export function renderPage(element: ReactElement, path = '/', routePath = '*') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: routePath, element }, { path: '*', element: <p>другая страница</p> }], { initialEntries: [path] });
  return { ...render(<QueryClientProvider client={qc}><ToastProvider><RouterProvider router={router} /></ToastProvider></QueryClientProvider>), router, qc };
}

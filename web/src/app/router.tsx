// The app's router: the route table (routes.ts) with the elements of the pages that come with the app, and
// a loading page while another page's code comes.
import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from '../lib/router/index.tsx';
import { Spinner } from '../shared/ui/index.tsx';
import { HomePage } from '../features/home/routes/home-page.tsx';
import { NotFound, RouteError } from './errors.tsx';
import { RootLayout } from './layout.tsx';
import { pageRoutes, type EagerPage, type PageRoute } from './routes.ts';

const ELEMENTS: Record<EagerPage, ReactNode> = {
  layout: <RootLayout />,
  home: <HomePage />,
  'not-found': <NotFound />,
};

/** The page a lazy route shows while its code loads on the first visit (instead of nothing, and a warning). */
function RouteLoading() {
  return <Spinner />;
}

/** A route of the table as the router takes it; every lazy route gets the loading page, so the layout around it renders at once. */
function toRoute(r: PageRoute): RouteObject {
  const element = r.redirect !== undefined ? <Navigate to={r.redirect} replace /> : r.page ? ELEMENTS[r.page] : undefined;
  return {
    ...(r.path !== undefined ? { path: r.path } : {}),
    ...(r.index ? { index: true } : {}),
    ...(element !== undefined ? { element } : {}),
    ...(r.lazy ? { lazy: r.lazy, HydrateFallback: RouteLoading } : {}),
    ...(r.children ? { children: r.children.map(toRoute) } : {}),
  };
}

// The frame is the root: an error anywhere below shows the error page in it.
export const router = createBrowserRouter(pageRoutes.map((r) => ({ ...toRoute(r), errorElement: <RouteError /> })));

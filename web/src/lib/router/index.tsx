// The app's router: addresses to pages, links and history, with the names and behaviour of React Router's
// data router for the part the app uses (a route table with lazy pages and an error page, links relative
// to their route, search parameters, scroll restoration), in a few kilobytes: the first page loads less.
import {
  Component as ReactComponent,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';
import { createPath, toPath, type Location, type To } from './history.ts';
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from './match.ts';
import { createBrowserRouter, createMemoryRouter, lazyResult, type NavigateOptions, type Router, type RouterState } from './router.ts';

export { createBrowserRouter };
/** @internal Tests: a router over a list of addresses in memory, and what an address matches. */
export { createMemoryRouter, matchRoutes };
export type { Location, NavigateOptions, RouteObject, Router, To };

const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);
/** The route being rendered: its match (for relative links) and what its Outlet shows. */
const RouteContext = createContext<{ match?: RouteMatch; outlet: ReactNode }>({ outlet: null });
const ErrorContext = createContext<unknown>(undefined);

function useRouterContext() {
  const ctx = useContext(RouterContext);
  if (!ctx) throw new Error('Outside of a router');
  return ctx;
}

export function RouterProvider({ router }: { router: Router }) {
  // A navigation renders as a transition, as React Router's does: the page before stays until the next
  // one is drawn, and drawing it yields to the browser every few milliseconds instead of holding it.
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const update = (next: RouterState, { flushSync: now }: { flushSync: boolean }) => {
      if (now) flushSync(() => setState(next));
      else startTransition(() => setState(next));
    };
    const unsubscribe = router.subscribe(update);
    // What changed before this subscription (the first page's code may have come meanwhile).
    update(router.state, { flushSync: false });
    return unsubscribe;
  }, [router]);
  const value = useMemo(() => ({ router, state }), [router, state]);
  return <RouterContext.Provider value={value}>{renderMatches(state.matches, 0, state)}</RouterContext.Provider>;
}

function Throw({ error }: { error: unknown }): never {
  throw error;
}

function renderMatches(matches: RouteMatch[], i: number, state: RouterState): ReactNode {
  const match = matches[i];
  if (!match) return null;
  const { route } = match;
  const lazy = route.lazy ? lazyResult(route) : undefined;
  let element: ReactNode;
  if (route.lazy && !lazy) {
    // The first page's code is on its way (later pages are committed only once it has come).
    element = route.HydrateFallback ? <route.HydrateFallback /> : null;
  } else {
    const outlet = renderMatches(matches, i + 1, state);
    const Page = lazy?.Component ?? route.Component;
    element = lazy?.error !== undefined ? <Throw error={lazy.error} /> : route.element !== undefined ? route.element : Page ? <Page /> : outlet;
    element = <RouteContext.Provider value={{ match, outlet }}>{element}</RouteContext.Provider>;
  }
  if (route.errorElement === undefined) return element;
  return (
    <ErrorBoundary location={state.location} fallback={route.errorElement}>
      {element}
    </ErrorBoundary>
  );
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

class ErrorBoundary extends ReactComponent<BoundaryProps, { error: unknown; location: Location }> {
  state = { error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Going elsewhere leaves the error behind.
  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }

  render() {
    if (this.state.error === undefined) return this.props.children;
    return <ErrorContext.Provider value={this.state.error}>{this.props.fallback}</ErrorContext.Provider>;
  }
}

/** The error an error page shows. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useLocation(): Location {
  return useRouterContext().state.location;
}

export function useParams<T extends Params = Params>(): T {
  const { state } = useRouterContext();
  return (state.matches.at(-1)?.params ?? {}) as T;
}

/** A link's target as an absolute path: relative ones from the route they are in. */
function useResolved(to: To) {
  const { state } = useRouterContext();
  const base = useContext(RouteContext).match?.pathnameBase ?? '/';
  return toPath(to, base, state.location.pathname);
}

export function useNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const { router, state } = useRouterContext();
  const base = useContext(RouteContext).match?.pathnameBase ?? '/';
  // One function for the component's life (effects may depend on it), resolving from where it is now.
  const here = useRef({ base, pathname: state.location.pathname });
  useLayoutEffect(() => {
    here.current = { base, pathname: state.location.pathname };
  });
  return useCallback(
    (to: To | number, options?: NavigateOptions) =>
      void router.navigate(typeof to === 'number' ? to : toPath(to, here.current.base, here.current.pathname), options),
    [router],
  );
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { router, state } = useRouterContext();
  const { search, pathname } = state.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(router.state.location.search)) : next).toString();
      void router.navigate({ pathname, search: value ? `?${value}` : '' }, options);
    },
    [router, pathname],
  );
  return [params, set];
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), []); // eslint-disable-line react-hooks/exhaustive-deps
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function Link({ to, replace, state, preventScrollReset, onClick, target, ...rest }: LinkProps) {
  const { router } = useRouterContext();
  const path = useResolved(to);
  const href = createPath(path);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || (target && target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    void router.navigate(path, { replace, state, preventScrollReset });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on its own address, not on the addresses under it. */
  end?: boolean;
  className?: string | ((s: { isActive: boolean }) => string | undefined);
}

/** A link that knows when its page is open: class "active" and aria-current="page". */
export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const target = useResolved(rest.to).pathname.toLowerCase();
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(target.length) === '/');
  const cls = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={cls} aria-current={isActive ? 'page' : undefined} />;
}

const SCROLL_KEY = 'tribuna.scroll';

/**
 * The scroll position as a reader expects it: at the top of each new page, at the anchor of an address
 * with one, and where it was when going back or forward (also after a reload of the page).
 */
export function ScrollRestoration() {
  const { router, state } = useRouterContext();
  // Before the position is set below (effects run in order): the positions kept over a reload.
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    try {
      const kept = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
      for (const [key, y] of Object.entries(kept)) if (!router.scroll.has(key)) router.scroll.set(key, y);
    } catch {
      // Nothing kept, or not readable: start afresh.
    }
    const keep = () => {
      router.scroll.set(router.state.location.key, window.scrollY);
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify(Object.fromEntries([...router.scroll].slice(-50))));
    };
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('pagehide', keep);
      window.history.scrollRestoration = 'auto';
    };
  }, [router]);
  useLayoutEffect(() => {
    const { location, action, preventScrollReset, initializing } = state;
    if (initializing) return;
    const kept = router.scroll.get(location.key);
    if (action === 'POP' && kept !== undefined) {
      window.scrollTo(0, kept);
      return;
    }
    const anchor = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (anchor) anchor.scrollIntoView();
    else if (!preventScrollReset && action !== 'POP') window.scrollTo(0, 0);
  }, [router, state]);
  return null;
}

/** @internal Its children under a router of their own, in memory (tests of a part of a page). */
export function MemoryRouter({ children, initialEntries }: { children: ReactNode; initialEntries?: To[] }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: <MemoryChildren /> }], { initialEntries }));
  return (
    <ChildrenContext.Provider value={children}>
      <RouterProvider router={router} />
    </ChildrenContext.Provider>
  );
}

const ChildrenContext = createContext<ReactNode>(null);

function MemoryChildren() {
  return <>{useContext(ChildrenContext)}</>;
}

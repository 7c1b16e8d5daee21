// The router: the route table over a history. Going to an address first loads the code of the pages it
// shows (the page before stays until then), then commits the new location; the app renders the committed
// state (RouterProvider). Scroll positions are kept per history entry for ScrollRestoration.
import { createBrowserHistory, createMemoryHistory, createPath, toPath, type Action, type History, type Location, type To } from './history.ts';
import { matchRoutes, type RouteMatch, type RouteObject } from './match.ts';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (a change within the page). */
  preventScrollReset?: boolean;
  /** Render the change at once, inside the event that asked for it. */
  flushSync?: boolean;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  action: Action;
  preventScrollReset: boolean;
  /** Whether the first page's code is still loading. */
  initializing: boolean;
}

export interface Router {
  readonly routes: RouteObject[];
  readonly state: RouterState;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: (state: RouterState, options: { flushSync: boolean }) => void): () => void;
  /** Scroll positions by history entry key. */
  readonly scroll: Map<string, number>;
}

/** The loaded component of each lazy route, or the error its loading ended in. */
const loaded = new WeakMap<RouteObject, { Component?: RouteObject['Component']; error?: unknown }>();

export function lazyResult(route: RouteObject) {
  return loaded.get(route);
}

function loadAll(matches: RouteMatch[]): Promise<void> | undefined {
  const pending = matches.filter((m) => m.route.lazy && !loaded.has(m.route));
  if (!pending.length) return undefined;
  return Promise.all(
    pending.map((m) =>
      m.route.lazy!().then(
        (mod) => void loaded.set(m.route, { Component: mod.Component }),
        (error: unknown) => void loaded.set(m.route, { error }),
      ),
    ),
  ).then(() => undefined);
}

const matchOrEmpty = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname) ?? [];

function createRouter(routes: RouteObject[], history: History): Router {
  const listeners = new Set<(state: RouterState, options: { flushSync: boolean }) => void>();
  const scroll = new Map<string, number>();
  const first = matchOrEmpty(routes, history.location.pathname);
  const firstLoad = loadAll(first);
  let state: RouterState = { location: history.location, matches: first, action: 'POP', preventScrollReset: false, initializing: firstLoad !== undefined };
  let attempt = 0;

  const commit = (next: Partial<RouterState>, flushSync = false) => {
    if (typeof window !== 'undefined') scroll.set(state.location.key, window.scrollY);
    state = { ...state, ...next };
    for (const l of listeners) l(state, { flushSync });
  };

  if (firstLoad) void firstLoad.then(() => commit({ initializing: false }));

  // Back and forward: the address has changed already; the page follows once its code is there.
  history.listen((location) => {
    const n = ++attempt;
    const matches = matchOrEmpty(routes, location.pathname);
    const done = () => {
      if (n === attempt) commit({ location, matches, action: 'POP', preventScrollReset: false, initializing: false });
    };
    const loading = loadAll(matches);
    if (loading) void loading.then(done);
    else done();
  });

  return {
    routes,
    scroll,
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async navigate(to, options = {}) {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const n = ++attempt;
      const path = toPath(to, state.location.pathname);
      const matches = matchOrEmpty(routes, path.pathname);
      const loading = loadAll(matches);
      if (loading) await loading;
      if (n !== attempt) return;
      // Going to where one is already replaces the entry rather than adding the same one again.
      const replace = options.replace ?? createPath(path) === createPath(state.location);
      if (replace) history.replace(path, options.state);
      else history.push(path, options.state);
      commit(
        { location: history.location, matches, action: replace ? 'REPLACE' : 'PUSH', preventScrollReset: options.preventScrollReset ?? false, initializing: false },
        options.flushSync ?? false,
      );
    },
  };
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: To[]; initialIndex?: number } = {}): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries, options.initialIndex));
}

// Where the app is: the browser's address and its history, or (for tests) a list in memory. Each entry
// carries a key (scroll positions are kept by it) and the state it was pushed with.

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  state: unknown;
  key: string;
}

export type To = string | Partial<Path>;
export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface History {
  readonly location: Location;
  push(path: Path, state?: unknown): void;
  replace(path: Path, state?: unknown): void;
  go(delta: number): void;
  /** Called when the user moves through history (back, forward); returns the stop. */
  listen(listener: (location: Location) => void): () => void;
}

export const createPath = ({ pathname, search, hash }: Path): string => pathname + search + hash;

/** Splits an address ("/a?b=1#c") into its parts. */
function parsePath(path: string): Partial<Path> {
  const out: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    out.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    out.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) out.pathname = rest;
  return out;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  usr: unknown;
  key: string;
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const s = window.history.state as Partial<EntryState> | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: s?.usr ?? null, key: s?.key ?? 'default' };
  };
  let location = read();
  const write = (method: 'pushState' | 'replaceState', path: Path, state: unknown) => {
    const key = newKey();
    window.history[method]({ usr: state ?? null, key } satisfies EntryState, '', createPath(path));
    location = { ...path, state: state ?? null, key };
  };
  return {
    get location() {
      return location;
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const onPop = () => {
        location = read();
        listener(location);
      };
      window.addEventListener('popstate', onPop);
      return () => window.removeEventListener('popstate', onPop);
    },
  };
}

export function createMemoryHistory(initialEntries: To[] = ['/'], initialIndex?: number): History {
  const entries: Location[] = initialEntries.map((to) => ({ ...toPath(to, '/'), state: null, key: newKey() }));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index];
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, { ...path, state: state ?? null, key: newKey() });
      index = entries.length - 1;
    },
    replace(path, state) {
      entries[index] = { ...path, state: state ?? null, key: newKey() };
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const l of listeners) l(entries[index]);
    },
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** A full path from a link's target, relative ones resolved from `base` (a pathname). */
export function toPath(to: To, base: string, currentPathname = base): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  const raw = parts.pathname;
  let pathname: string;
  if (raw === undefined || raw === '') pathname = currentPathname;
  else if (raw.startsWith('/')) pathname = normalize(raw);
  else pathname = normalize(`${base.replace(/\/+$/, '')}/${raw}`);
  const search = parts.search && parts.search !== '?' ? (parts.search.startsWith('?') ? parts.search : `?${parts.search}`) : '';
  const hash = parts.hash && parts.hash !== '#' ? (parts.hash.startsWith('#') ? parts.hash : `#${parts.hash}`) : '';
  return { pathname, search, hash };
}

/** "/a/./b/../c" → "/a/c"; a trailing slash is kept off except for the root. */
function normalize(pathname: string): string {
  const out: string[] = [];
  for (const seg of pathname.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

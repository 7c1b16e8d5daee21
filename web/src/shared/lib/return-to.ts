// Where sign-in returns to: the page the user came from, as a path on this site only. The address
// travels as ?next= to /login and /registration, and through sessionStorage across Google's redirect.

const STORAGE_KEY = 'tribuna.return_to';
const AUTH_PAGES = ['/login', '/registration', '/auth/google/callback'];

/**
 * The path itself when it is a same-site path (not another host, not a sign-in page); else undefined.
 * '//host', '/\host' and 'https://host' would leave the site: anything that does not resolve to this
 * origin is refused.
 */
export function safeReturnPath(raw: string | null | undefined, origin = window.location.origin): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\u0000-\u001f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin || AUTH_PAGES.includes(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** A sign-in page's address that returns to `path` afterwards (no ?next= when path is not one to return to). */
export function withReturn(page: '/login' | '/registration', path: string): string {
  const next = safeReturnPath(path);
  return next && next !== '/' ? `${page}?next=${encodeURIComponent(next)}` : page;
}

/** Remembers where to return across an external redirect (Google). */
export function rememberReturn(path: string | null): void {
  const next = safeReturnPath(path);
  try {
    if (next) sessionStorage.setItem(STORAGE_KEY, next);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused: sign-in then returns to the home page.
  }
}

/** The remembered path, once: it is forgotten as it is read. */
export function takeReturn(): string | undefined {
  try {
    const next = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return safeReturnPath(next);
  } catch {
    return undefined;
  }
}

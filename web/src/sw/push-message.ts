// What the service worker makes of the server's pushes and of the app's navigations. Plain functions with no
// worker types, so the app's tests check them.

export interface PushNotice {
  title: string;
  body: string;
  /** A page of this site, as a path: where a click on the notification leads. */
  url: string;
}

const SITE = 'Трибуна';

/** The server's push `{title, body, url}`; anything else still shows as the site's notification. */
export function readPush(text: string | undefined, origin: string): PushNotice {
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const title = typeof d.title === 'string' && d.title.trim() ? d.title : SITE;
  const body = typeof d.body === 'string' ? d.body : typeof data === 'undefined' && text ? text : '';
  return { title, body, url: sitePath(d.url, origin) };
}

/**
 * A path on this site: another site's address (or none) leads to the home page.
 * @internal
 */
export function sitePath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url) return '/';
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? u.pathname + u.search + u.hash : '/';
  } catch {
    return '/';
  }
}

/**
 * Addresses the server answers itself, not with the app's page: the API, uploads, the socket, the health
 * check and files (a path with an extension). A navigation to them is never answered from the cache.
 */
export function isAppPage(pathname: string): boolean {
  if (/^\/(v2|uploads|ws|healthcheck)(\/|$)/.test(pathname)) return false;
  return !/\.[a-z0-9]+$/i.test(pathname.split('/').pop() ?? '');
}

// The route table and finding the routes an address matches, the most specific first: a static segment
// outranks a parameter (":id"), which outranks the rest ("*"); an index route outranks its parent.
import type { ComponentType, ReactNode } from 'react';

/** What a lazy route's module gives: the page's component. */
interface RouteModule {
  Component?: ComponentType;
}

export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  /** The page's code, loaded on the first visit; the page shows once it has come. */
  lazy?: () => Promise<RouteModule>;
  /** Shown in the page's place while its code loads on the app's first page. */
  HydrateFallback?: ComponentType;
  /** Shown instead of this route (and everything in it) when it, or a route in it, fails. */
  errorElement?: ReactNode;
  children?: RouteObject[];
}

export type Params = Record<string, string | undefined>;

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  /** The part of the address this route and those above it matched. */
  pathnameBase: string;
}

interface Branch {
  routes: RouteObject[];
  /** Each route's full pattern, from the root to it. */
  patterns: string[];
  score: number;
  order: number[];
}

const join = (a: string, b: string) => `/${[...a.split('/'), ...b.split('/')].filter(Boolean).join('/')}`;

function score(pattern: string, index: boolean): number {
  const segments = pattern.split('/').filter(Boolean);
  let total = segments.length + (index ? 2 : 0);
  for (const s of segments) total += s === '*' ? -2 : s.startsWith(':') ? 3 : 10;
  return total;
}

function flatten(routes: RouteObject[], parent: Branch | undefined, out: Branch[]): Branch[] {
  routes.forEach((route, i) => {
    const pattern = join(parent?.patterns.at(-1) ?? '/', route.path ?? '');
    const branch: Branch = {
      routes: [...(parent?.routes ?? []), route],
      patterns: [...(parent?.patterns ?? []), pattern],
      score: score(pattern, route.index === true),
      order: [...(parent?.order ?? []), i],
    };
    if (route.children?.length) flatten(route.children, branch, out);
    if (route.path !== undefined || route.index) out.push(branch);
  });
  return out;
}

function compareOrder(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

const branchesOf = new WeakMap<RouteObject[], Branch[]>();

function branches(routes: RouteObject[]): Branch[] {
  let list = branchesOf.get(routes);
  if (!list) {
    list = flatten(routes, undefined, []).sort((a, b) => b.score - a.score || compareOrder(a.order, b.order));
    branchesOf.set(routes, list);
  }
  return list;
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The routes, from the root down, that an address matches; null when none does. */
export function matchRoutes(routes: RouteObject[], location: string | { pathname: string }): RouteMatch[] | null {
  const pathname = typeof location === 'string' ? location : location.pathname;
  const segments = pathname.split('/').filter(Boolean);
  for (const branch of branches(routes)) {
    const pattern = branch.patterns.at(-1)!.split('/').filter(Boolean);
    const splat = pattern.at(-1) === '*';
    const fixed = splat ? pattern.slice(0, -1) : pattern;
    if (splat ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    const params: Params = {};
    const ok = fixed.every((p, i) => {
      if (p.startsWith(':')) {
        params[p.slice(1)] = decode(segments[i]);
        return true;
      }
      return p.toLowerCase() === segments[i].toLowerCase();
    });
    if (!ok) continue;
    if (splat) params['*'] = segments.slice(fixed.length).map(decode).join('/');
    return branch.routes.map((route, i) => {
      const depth = branch.patterns[i].split('/').filter((s) => s && s !== '*').length;
      return { route, params, pathnameBase: `/${segments.slice(0, depth).join('/')}` };
    });
  }
  return null;
}

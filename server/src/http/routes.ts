// Route table: exact paths in a map, parameterised ones matched segment by segment.
import type { IncomingHttpHeaders } from 'node:http';
import type { TokenClaims } from '../core/tokens.ts';
import type { Msg } from '../encode.ts';
import type { Fields, Query } from './input.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

/** basic: the server key (authenticate, refresh); bearer: a session token; none; custom: the handler decides. */
export type AuthKind = 'basic' | 'bearer' | 'none' | 'custom';

export interface ApiRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Query;
  /** All headers; `header` is cheaper for one. */
  headers: IncomingHttpHeaders;
  /** One header's value by its lower-cased name. */
  header(lower: string): string | undefined;
  rawBody: Buffer;
  /** The JSON body as fields (an empty body reads as {}). */
  body(): Fields;
  /** The session of a bearer route. */
  session: TokenClaims;
  clientIp: string;
}

/** A response a handler shapes itself (RPC's older error shape, unwrap, empty bodies). */
export interface RawResponse {
  raw: true;
  status: number;
  body: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

export type Handler = (req: ApiRequest) => Promise<Msg | RawResponse> | Msg | RawResponse;

export interface Route {
  method: Method;
  path: string;
  auth: AuthKind;
  handler: Handler;
  /** Larger request-body cap than the default, in bytes. */
  maxBodyBytes?: number;
}

interface Compiled {
  route: Route;
  segments: string[]; // '{name}' marks a parameter
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

const isParam = (seg: string) => seg.charCodeAt(0) === 123; /* { */

/**
 * Parameterised routes are bucketed by segment count and their third segment (/v2/<area>/...), so a
 * request is compared with a handful of patterns; those whose third segment is a parameter are tried
 * after the static ones.
 */
function bucketKey(length: number, third: string | undefined): string {
  return `${length}:${third ?? ''}`;
}

export class RouteTable {
  private readonly exact = new Map<string, Map<string, Route>>();
  private readonly buckets = new Map<string, Compiled[]>();

  add(route: Route): void {
    if (!route.path.includes('{')) {
      let byMethod = this.exact.get(route.path);
      if (!byMethod) this.exact.set(route.path, (byMethod = new Map()));
      if (byMethod.has(route.method)) throw new Error(`Duplicate route ${route.method} ${route.path}`);
      byMethod.set(route.method, route);
      return;
    }
    const segments = route.path.split('/');
    const key = bucketKey(segments.length, segments[2] !== undefined && isParam(segments[2]) ? '{}' : segments[2]);
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = []));
    bucket.push({ route, segments });
  }

  addAll(routes: Route[]): void {
    for (const r of routes) this.add(r);
  }

  match(method: string, path: string): Match {
    const m = method === 'HEAD' ? 'GET' : method;
    const byMethod = this.exact.get(path);
    let pathMatched = false;
    if (byMethod) {
      const r = byMethod.get(m);
      if (r) return { kind: 'found', route: r, params: {} };
      pathMatched = true;
    }
    const parts = path.split('/');
    for (const key of [bucketKey(parts.length, parts[2]), bucketKey(parts.length, '{}')]) {
      for (const c of this.buckets.get(key) ?? []) {
        if (!sameShape(c.segments, parts)) continue;
        const params = decodeParams(c.segments, parts);
        if (!params) continue;
        if (c.route.method === m) return { kind: 'found', route: c.route, params };
        pathMatched = true;
      }
    }
    return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
  }
}

/** Static segments equal, parameters non-empty. */
function sameShape(segments: string[], parts: string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const seg = segments[i];
    if (isParam(seg) ? parts[i] === '' : seg !== parts[i]) return false;
  }
  return true;
}

/** The route's parameters, percent-decoded; undefined when one is not valid percent-encoding. */
function decodeParams(segments: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = segments[i];
    if (!isParam(seg)) continue;
    const part = parts[i];
    if (!part.includes('%')) {
      params[seg.slice(1, -1)] = part;
      continue;
    }
    try {
      params[seg.slice(1, -1)] = decodeURIComponent(part);
    } catch {
      return undefined;
    }
  }
  return params;
}

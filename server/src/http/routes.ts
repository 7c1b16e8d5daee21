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
  headers: IncomingHttpHeaders;
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

export class RouteTable {
  private readonly exact = new Map<string, Map<string, Route>>();
  private readonly patterns: Compiled[] = [];

  add(route: Route): void {
    if (!route.path.includes('{')) {
      let byMethod = this.exact.get(route.path);
      if (!byMethod) this.exact.set(route.path, (byMethod = new Map()));
      if (byMethod.has(route.method)) throw new Error(`Duplicate route ${route.method} ${route.path}`);
      byMethod.set(route.method, route);
      return;
    }
    this.patterns.push({ route, segments: route.path.split('/') });
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
    for (const c of this.patterns) {
      if (c.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = c.segments[i];
        if (seg.charCodeAt(0) === 123 /* { */) {
          if (parts[i] === '') { ok = false; break; }
          try {
            params[seg.slice(1, -1)] = decodeURIComponent(parts[i]);
          } catch {
            ok = false;
            break;
          }
        } else if (seg !== parts[i]) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (c.route.method === m) return { kind: 'found', route: c.route, params };
      pathMatched = true;
    }
    return pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
  }
}

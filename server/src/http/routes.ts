// Route table: exact paths in a map, parameterised ones in a tree of path segments.
import type { IncomingHttpHeaders } from 'node:http';
import type { TokenClaims } from '../tokens.ts';
import type { Msg } from '../encode.ts';
import type { Fields, Query } from '../input.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';

/**
 * basic: the server key (authenticate, refresh); bearer: a session token; none; custom: the route's
 * admit() decides, from the headers, before the body is read.
 */
type AuthKind = 'basic' | 'bearer' | 'none' | 'custom';

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
  /** What a custom route's admit() kept for its handler. */
  admission: unknown;
}

/** A custom route's decision, made before the body is read: its body cap and what the handler needs. */
export interface Admission {
  maxBodyBytes?: number;
  state?: unknown;
  /** The caller's user id, when the credentials name one: on the request's log line. */
  uid?: string;
}

/** A response a handler shapes itself (RPC's older error shape, unwrap, empty bodies). */
export interface RawResponse {
  raw: true;
  status: number;
  body: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

type Handler = (req: ApiRequest) => Promise<Msg | RawResponse> | Msg | RawResponse;

/**
 * A call of upstream's API that modules may hook before (registerBefore<Name>): its request is read
 * apart from its handling, so that a hook can see and change it in between (api/hooks.ts).
 */
export interface ApiCall {
  /** Upstream's name of the call: `CreateGroup`. */
  name: string;
  /** The request as upstream's runtime shows it to hooks (camelCase fields). */
  read(req: ApiRequest): Record<string, unknown>;
  run(req: ApiRequest, request: Record<string, unknown>): Promise<Msg | RawResponse> | Msg | RawResponse;
}

export interface Route {
  method: Method;
  path: string;
  auth: AuthKind;
  handler: Handler;
  /**
   * For custom routes: checks credentials from the request's line and headers (the body is not read yet)
   * and answers a refusal, or admits the request with its body cap.
   */
  admit?: (req: ApiRequest) => Promise<Admission | RawResponse> | Admission | RawResponse;
  /** Set on routes that are a call of upstream's API with before-hooks; the handler reads and runs it. */
  api?: ApiCall;
}

export type Match =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' };

/** Parameterised paths remembered per method, and the longest remembered. */
const RECENT_PATHS = 1024;
const RECENT_PATH_LENGTH = 256;

/** A node of the tree of parameterised routes: one level per path segment. */
interface TrieNode {
  statics: Map<string, TrieNode>;
  params: { name: string; node: TrieNode }[];
  /** Routes ending here, by method. */
  routes: Map<string, Route> | undefined;
}

const trieNode = (): TrieNode => ({ statics: new Map(), params: [], routes: undefined });

/** What one match found while walking the tree. */
interface Walk {
  method: string;
  parts: string[];
  names: string[];
  values: string[];
  pathMatched: boolean;
}

/**
 * Exact paths are looked up in a map; parameterised ones walk a tree segment by segment, a static segment
 * tried before a parameter at the same place, whatever the order the routes were added in.
 */
export class RouteTable {
  private readonly exact = new Map<string, Map<string, Route>>();
  private readonly root = trieNode();
  /**
   * Parameterised paths matched lately, by method: the same few (`/v2/rpc/{id}` of a client's RPCs) come
   * again and again. Their params are frozen, shared by every request of the path; emptied when full.
   */
  private readonly recent = new Map<string, Map<string, Match>>();
  private readonly all: Route[] = [];

  add(route: Route): void {
    this.recent.clear();
    if (!route.path.includes('{')) {
      let byMethod = this.exact.get(route.path);
      if (!byMethod) this.exact.set(route.path, (byMethod = new Map()));
      if (byMethod.has(route.method)) throw new Error(`Duplicate route ${route.method} ${route.path}`);
      byMethod.set(route.method, route);
      this.all.push(route);
      return;
    }
    let node = this.root;
    for (const seg of route.path.split('/').slice(1)) {
      if (seg.charCodeAt(0) === 123 /* { */) {
        const name = seg.slice(1, -1);
        let edge = node.params.find((p) => p.name === name);
        if (!edge) node.params.push((edge = { name, node: trieNode() }));
        node = edge.node;
      } else {
        let next = node.statics.get(seg);
        if (!next) node.statics.set(seg, (next = trieNode()));
        node = next;
      }
    }
    node.routes ??= new Map();
    if (node.routes.has(route.method)) throw new Error(`Duplicate route ${route.method} ${route.path}`);
    node.routes.set(route.method, route);
    this.all.push(route);
  }

  addAll(routes: Route[]): void {
    for (const r of routes) this.add(r);
  }

  /** Every route added, in order: what the API description lists. */
  routes(): readonly Route[] {
    return this.all;
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
    let recent = this.recent.get(m);
    const seen = recent?.get(path);
    if (seen !== undefined) return seen;
    const walk: Walk = { method: m, parts: path.split('/'), names: [], values: [], pathMatched };
    const route = path.charCodeAt(0) === 47 /* / */ ? find(this.root, 1, walk) : undefined;
    if (route) {
      const params: Record<string, string> = {};
      for (let i = 0; i < walk.names.length; i++) params[walk.names[i]] = walk.values[i];
      const found: Match = { kind: 'found', route, params: Object.freeze(params) };
      if (!recent) this.recent.set(m, (recent = new Map()));
      if (recent.size >= RECENT_PATHS) recent.clear();
      if (path.length <= RECENT_PATH_LENGTH) recent.set(path, found);
      return found;
    }
    return walk.pathMatched ? { kind: 'method-not-allowed' } : { kind: 'not-found' };
  }
}

/** The route for the walk's method under node from segment i on; notes a path that matched without it. */
function find(node: TrieNode, i: number, w: Walk): Route | undefined {
  if (i === w.parts.length) {
    if (!node.routes) return undefined;
    const r = node.routes.get(w.method);
    if (!r) w.pathMatched = true;
    return r;
  }
  const part = w.parts[i];
  const next = node.statics.get(part);
  if (next) {
    const r = find(next, i + 1, w);
    if (r) return r;
  }
  if (part === '' || node.params.length === 0) return undefined;
  const value = decodeSegment(part);
  if (value === undefined) return undefined;
  for (const p of node.params) {
    w.names.push(p.name);
    w.values.push(value);
    const r = find(p.node, i + 1, w);
    if (r) return r;
    w.names.pop();
    w.values.pop();
  }
  return undefined;
}

/** A percent-decoded path segment; undefined when it is not valid percent-encoding. */
function decodeSegment(part: string): string | undefined {
  if (!part.includes('%')) return part;
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

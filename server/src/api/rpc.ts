// GET|POST /v2/rpc/{id}: an RPC by session token, HTTP key query parameter or Basic HTTP key.
import type { Core } from '../core/index.ts';
import { Code, httpStatus } from '../errors.ts';
import { basicUsername } from '../http/server.ts';
import type { Admission, ApiRequest, RawResponse, Route } from '../http/routes.ts';
import { invokeRpc, type RpcOutcome } from '../runtime/invoke.ts';
import type { Registry } from '../runtime/registry.ts';
import type { RpcContext } from '../runtime/types.ts';
import type { TokenClaims } from '../tokens.ts';

function json(status: number, body: unknown): RawResponse {
  return { raw: true, status, body: JSON.stringify(body) };
}

function authError(error: string): RawResponse {
  return {
    ...json(401, { error, message: error, code: Code.Unauthenticated }),
    headers: { 'WWW-Authenticate': error },
  };
}

export function rpcRoutes(core: Core, registry: Registry): Route[] {
  /**
   * Credentials from the query and headers, before the body: a session token, or the HTTP key as a query
   * parameter or Basic auth. The body cap is the gateway's, except for RPCs registered with a larger one
   * (uploads), which get it when called by a registered user or with the HTTP key.
   */
  const admit = (req: ApiRequest): Admission | RawResponse | Promise<Admission> => {
    const { config, sessions } = core;
    const httpKey = req.query.string('http_key');
    const authorization = req.header('authorization');
    let claims: TokenClaims | null = null;
    if (httpKey !== undefined) {
      if (httpKey !== config.httpKey) return authError('HTTP key invalid');
    } else if (authorization?.startsWith('Basic ')) {
      if (basicUsername(authorization) !== config.httpKey) return authError('HTTP key invalid');
    } else if (authorization) {
      claims = authorization.startsWith('Bearer ') ? sessions.verifySession(authorization.slice(7)) : null;
      if (!claims) return authError('Auth token invalid');
    } else {
      return authError('Auth token or HTTP key required');
    }
    const large = req.method === 'POST' ? registry.rpcMaxBodyBytes(req.params.id) : undefined;
    if (large === undefined) return { state: claims, uid: claims?.uid };
    if (!claims) return { state: claims, maxBodyBytes: large };
    return core.accounts.kind(claims.uid).then((kind) => (kind === 'registered' ? { state: claims, maxBodyBytes: large, uid: claims.uid } : { state: claims, uid: claims.uid }));
  };

  // Not async: a function that answers at once (and its hooks-free call) is answered in the same tick.
  const handler = (req: ApiRequest): RawResponse | Promise<RawResponse> => {
    const ctx = new HttpRpcContext(req, req.admission as TokenClaims | null, registry.env);

    const unwrap = req.query.has('unwrap');
    let payload = '';
    if (req.method === 'POST' && req.rawBody.length) {
      if (unwrap) {
        payload = req.rawBody.toString('utf8');
      } else {
        let v: unknown;
        try {
          v = JSON.parse(req.rawBody.toString('utf8'));
        } catch {
          return json(400, { error: 'Bad Request', message: 'Request body must be a JSON string.', code: Code.InvalidArgument });
        }
        if (typeof v !== 'string') {
          const kind = Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v === 'object' ? 'object' : typeof v;
          return json(400, {
            error: 'Bad Request',
            message: `json: cannot unmarshal ${kind} into Go value of type string`,
            code: Code.InvalidArgument,
          });
        }
        payload = v;
      }
    }

    const outcome = invokeRpc(registry, req.params.id, ctx, payload);
    return outcome instanceof Promise ? outcome.then((o) => answer(o, unwrap)) : answer(outcome, unwrap);
  };

  const answer = (outcome: RpcOutcome, unwrap: boolean): RawResponse => {
    if (outcome.ok) {
      if (unwrap) {
        // Never the request's own type: echoing it would let a caller have text served as text/html.
        return { raw: true, status: 200, body: outcome.payload, contentType: 'application/json' };
      }
      // {"payload": ...} written directly: the one response every RPC call makes.
      return { raw: true, status: 200, body: `{"payload":${JSON.stringify(outcome.payload)}}` };
    }
    if (outcome.notFound) {
      return json(404, { error: 'RPC function not found', message: 'RPC function not found', code: Code.NotFound });
    }
    const refused = json(httpStatus(outcome.code), { error: {}, message: outcome.message, code: outcome.code });
    if (outcome.retryAfterSec === undefined) return refused;
    return { ...refused, headers: { 'Retry-After': String(outcome.retryAfterSec), 'Access-Control-Expose-Headers': 'Retry-After' } };
  };

  return [
    { method: 'GET', path: '/v2/rpc/{id}', auth: 'custom', admit, handler },
    { method: 'POST', path: '/v2/rpc/{id}', auth: 'custom', admit, handler },
  ];
}

/** An HTTP call's context; query parameters and headers are built only for functions that read them. */
class HttpRpcContext implements RpcContext {
  readonly userId?: string;
  readonly username?: string;
  readonly vars?: Record<string, string>;
  readonly userSessionExp?: number;
  readonly clientIp: string;
  readonly env: Readonly<Record<string, string>>;
  readonly executionMode = 'rpc' as const;
  readonly #req: ApiRequest;

  constructor(req: ApiRequest, claims: TokenClaims | null, env: Readonly<Record<string, string>>) {
    this.#req = req;
    this.env = env;
    this.clientIp = req.clientIp;
    if (claims) {
      this.userId = claims.uid;
      this.username = claims.usn;
      this.vars = claims.vrs ?? {};
      this.userSessionExp = claims.exp;
    }
  }

  get queryParams(): Record<string, string[]> {
    return this.#req.query.all(['http_key']);
  }

  get headers(): Record<string, string> {
    return flatHeaders(this.#req.headers);
  }
}

export function flatHeaders(h: ApiRequest['headers']): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(h)) {
    if (k === 'authorization' || k === 'cookie' || v === undefined) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

// Runtime modules' before-hooks of REST API calls, as upstream runs them: a route that is one of upstream's
// API calls names it and reads its request apart from handling it; the hook registered for that name
// sees the request and may change it, refuse it silently (null) or refuse it with an error.
import { AppError, Code } from '../errors.ts';
import type { ApiCall, ApiRequest, Route } from '../http/routes.ts';
import type { Msg } from '../encode.ts';
import type { Logger } from '../log.ts';
import { checkedRequest } from '../runtime/api-hooks.ts';
import type { Nk } from '../runtime/nk.ts';
import type { Registry, StoredApiHook } from '../runtime/registry.ts';
import type { ApiContext, ApiName, ApiRequests } from '../runtime/types.ts';
import { flatHeaders } from './rpc.ts';

/** Upstream's answer when a before hook drops a request. */
const REFUSED = 'Requested resource was not found.';

/** A bearer route that is upstream's API call `name`: read gives its request, run handles it. */
export function apiRoute<K extends ApiName>(
  name: K,
  method: Route['method'],
  path: string,
  read: (req: ApiRequest) => ApiRequests[K],
  run: (req: ApiRequest, request: ApiRequests[K]) => Promise<Msg>,
): Route {
  // Stored untyped: what reaches run after a hook has been checked against the call's fields.
  const api = { name, read, run } as unknown as ApiCall;
  return { method, path, auth: 'bearer', api, handler: (req) => run(req, read(req)) };
}

function context(req: ApiRequest, env: Readonly<Record<string, string>>): ApiContext {
  const s = req.session;
  return {
    userId: s.uid,
    username: s.usn,
    vars: s.vrs ?? {},
    userSessionExp: s.exp,
    clientIp: req.clientIp,
    queryParams: req.query.all(),
    headers: flatHeaders(req.headers),
    env,
    executionMode: 'before',
  };
}

/** Absent fields are left out of what a hook sees, as upstream's request objects leave them. */
function present(request: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(request)) if (v !== undefined) out[k] = v;
  return out;
}

async function hooked(name: ApiName, hook: StoredApiHook, req: ApiRequest, request: Record<string, unknown>, registry: Registry, nk: Nk, logger: Logger) {
  let changed: unknown;
  try {
    changed = await hook(context(req, registry.env), logger, nk, present(request));
    if (changed === null || changed === undefined) return undefined;
    return checkedRequest(name, changed) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof AppError) throw err;
    logger.error('api before hook failed', { api: name, err });
    throw new AppError(Code.Internal, 'Internal error');
  }
}

/**
 * Every route, those of upstream's API calls looking up their before-hook at each call (modules register
 * hooks after the routes are made). A call without a hook goes straight to its handler.
 */
export function withApiHooks(routes: Route[], registry: Registry, nk: Nk, logger: Logger): Route[] {
  return routes.map((route) => {
    const api = route.api;
    if (!api) return route;
    const name = api.name as ApiName;
    const handler = async (req: ApiRequest) => {
      const hook = registry.apiHook(name);
      if (!hook) return route.handler(req);
      const request = await hooked(name, hook, req, api.read(req), registry, nk, logger);
      if (!request) throw new AppError(Code.NotFound, REFUSED);
      return api.run(req, request);
    };
    return { ...route, handler };
  });
}

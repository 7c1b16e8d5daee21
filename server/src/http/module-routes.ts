// Modules' own GET routes (registerHttpRoute): the request as the handler sees it, and its answer as the
// transport writes it. A refusal (AppError) is plain text with its HTTP status; a failure is logged, 500.
import type http from 'node:http';
import { AppError, Code, httpStatus } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { HttpRoutes } from '../runtime/http-routes.ts';
import type { HttpRouteResponse } from '../runtime/types.ts';
import type { Incoming } from './body.ts';
import type { RawResponse } from './routes.ts';

export interface ModuleRouteDeps {
  routes: HttpRoutes;
  env: Readonly<Record<string, string>>;
  logger: Logger;
}

const TEXT = 'text/plain; charset=utf-8';
/** Headers the transport writes itself. */
const OWN_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const HIDDEN = new Set(['authorization', 'cookie']);

function queryOf(qs: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!qs) return out;
  for (const [k, v] of new URLSearchParams(qs)) (out[k] ??= []).push(v);
  return out;
}

function headersOf(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || HIDDEN.has(k)) continue;
    out[k] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

const text = (status: number, body: string): RawResponse => ({ raw: true, status, body, contentType: TEXT });

/** The answer of the module route for this path, or undefined when no route matches it. */
export async function moduleRoute(
  deps: ModuleRouteDeps,
  req: Incoming,
  path: string,
  qs: string,
  clientIp: string,
): Promise<RawResponse | undefined> {
  const found = deps.routes.match(path);
  if (!found) return undefined;
  // The pattern, never the path: a parameter may be a secret (a calendar feed's token).
  req.route = found.key;
  let out: HttpRouteResponse;
  try {
    out = await found.fn({ path, params: found.params, query: queryOf(qs), headers: headersOf(req), clientIp, env: deps.env });
  } catch (err) {
    if (err instanceof AppError) {
      const refusal = text(httpStatus(err.code), err.message);
      if (err.retryAfterSec !== undefined) refusal.headers = { 'Retry-After': String(err.retryAfterSec) };
      return refusal;
    }
    deps.logger.error('HTTP route failed', { route: found.key.path, err });
    return text(500, new AppError(Code.Internal, 'Internal error').message);
  }
  return checked(out, found.key.path, deps.logger) ?? text(500, 'Internal error');
}

/** The handler's answer as the transport writes it; undefined (logged) when it is not a valid answer. */
function checked(out: HttpRouteResponse, route: string, logger: Logger): RawResponse | undefined {
  const status = out?.status;
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    logger.error('HTTP route answered no valid status', { route, status });
    return undefined;
  }
  const body = out.body ?? '';
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) {
    logger.error('HTTP route answered a body that is neither text nor bytes', { route });
    return undefined;
  }
  let contentType = TEXT;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(out.headers ?? {})) {
    const lower = name.toLowerCase();
    if (!TOKEN.test(name) || typeof value !== 'string' || /[\r\n\0]/.test(value) || OWN_HEADERS.has(lower)) {
      logger.error('HTTP route answered a header it may not set', { route, header: name });
      return undefined;
    }
    if (lower === 'content-type') contentType = value;
    else headers[lower === 'cache-control' ? 'Cache-Control' : name] = value;
  }
  return { raw: true, status, body, contentType, headers };
}

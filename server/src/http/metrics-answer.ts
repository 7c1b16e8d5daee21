// What the metrics count a request under, and the answer of GET /metrics.
import { Code } from '../errors.ts';
import type { Metrics, RouteKey } from '../metrics.ts';
import type { RawResponse } from './routes.ts';

// Answers outside the route table are counted under fixed names, never under their path.
export const PREFLIGHT: RouteKey = { method: 'OPTIONS', path: 'preflight' };
export const HEALTH: Readonly<Record<string, RouteKey>> = {
  '/healthcheck': { method: 'GET', path: '/healthcheck' },
  '/healthz': { method: 'GET', path: '/healthz' },
  '/readyz': { method: 'GET', path: '/readyz' },
};
export const METRICS: RouteKey = { method: 'GET', path: '/metrics' };
export const STATIC: RouteKey = { method: 'GET', path: 'static' };
export const UNMATCHED: RouteKey = { method: 'ANY', path: 'unmatched' };

const REFUSED = JSON.stringify({ code: Code.Unauthenticated, message: 'Metrics token required' });

/** GET /metrics: the text format for a bearer of METRICS_TOKEN, 401 for anyone else. */
export async function metricsAnswer(metrics: Metrics, authorization: string | undefined): Promise<RawResponse> {
  if (!metrics.authorized(authorization)) {
    return { raw: true, status: 401, body: REFUSED, headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } };
  }
  const { contentType, body } = await metrics.scrape();
  return { raw: true, status: 200, body, contentType };
}

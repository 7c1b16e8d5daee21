// CORS preflight requests: the methods and request headers a browser may use across origins.
import type http from 'node:http';

const ALLOWED_HEADERS = new Set(['authorization', 'content-type', 'user-agent', 'accept', 'accept-language', 'content-language', 'origin',
  // The tus protocol's, for resumable video uploads.
  'tus-resumable', 'upload-length', 'upload-offset', 'upload-metadata', 'upload-defer-length', 'x-requested-with']);
const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Answers a preflight: 405 for a method outside the list, 403 for a request header outside it. */
export function preflight(req: http.IncomingMessage, res: http.ServerResponse): void {
  const requested = String(req.headers['access-control-request-method']).toUpperCase();
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (!ALLOWED_METHODS.has(requested)) {
    res.writeHead(405);
    res.end();
    return;
  }
  const headers = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (const h of headers) {
    if (!ALLOWED_HEADERS.has(h.toLowerCase())) {
      res.writeHead(403);
      res.end();
      return;
    }
  }
  const out: Record<string, string> = { 'Access-Control-Allow-Methods': requested };
  if (headers.length) out['Access-Control-Allow-Headers'] = headers.join(',');
  res.writeHead(200, out);
  res.end();
}

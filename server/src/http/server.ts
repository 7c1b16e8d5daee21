// The HTTP transport: CORS, body limits, authentication, JSON responses and errors as the gateway
// writes them, gzip, the web app's static files, and the socket upgrade.
import http from 'node:http';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { clientIpResolver, type ClientIp } from '../client-ip.ts';
import type { Config } from '../config.ts';
import type { Health } from '../health.ts';
import type { Sessions } from '../core/sessions.ts';
import type { TokenClaims } from '../tokens.ts';
import { AppError, Code, httpStatus } from '../errors.ts';
import { Fields, Query } from '../input.ts';
import { inLogScope, type Logger } from '../log.ts';
import type { Metrics } from '../metrics.ts';
import { BodyBudget, BodyIdleError, headerOf, Incoming } from './body.ts';
import { answerClientError } from './client-error.ts';
import { HEALTH, METRICS, metricsAnswer, PREFLIGHT, STATIC, UNMATCHED } from './metrics-answer.ts';
import { moduleRoute, type ModuleRouteDeps } from './module-routes.ts';
import { preflight } from './preflight.ts';
import { requestId, requestLogger } from './request-log.ts';
import type { Admission, ApiRequest, RawResponse, RouteTable } from './routes.ts';
import type { StaticFiles } from './static.ts';
import { isVideoPath, videoRequest, type VideoHttp } from './videos.ts';

const NO_STORE = 'no-store, no-cache, must-revalidate';
const NOSNIFF = 'nosniff';
const HSTS = 'max-age=31536000; includeSubDomains';
const GZIP_MIN_BYTES = 1024;

export interface HttpDeps {
  config: Config;
  logger: Logger;
  routes: RouteTable;
  sessions: Sessions;
  staticFiles: StaticFiles | undefined;
  /** Answers /healthz and /readyz. */
  health?: Health;
  /** Modules' own GET routes (registerHttpRoute), tried before the web app's files. */
  moduleRoutes?: ModuleRouteDeps;
  onUpgrade: (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;
  /** Requests counted and timed, and GET /metrics served, when on (METRICS_TOKEN). */
  metrics: Metrics;
  videos?: VideoHttp;
}

/** What handle() needs beyond the deps: made once per server. */
interface ServerState extends HttpDeps {
  bodyBudget: BodyBudget;
  clientIp: ClientIp;
}

export function createHttpServer(httpDeps: HttpDeps): http.Server {
  const deps: ServerState = {
    ...httpDeps,
    bodyBudget: new BodyBudget(httpDeps.config.maxBodyBytesInFlight),
    clientIp: clientIpResolver(httpDeps.config.trustedProxies),
  };
  const metrics = deps.metrics;
  const headersTimeout = httpDeps.config.headersTimeoutMs;
  // A site published over https tells browsers to come only over https for a year (the header means
  // nothing over plain http, so it is not sent there).
  const hsts = httpDeps.config.publicUrl?.startsWith('https:') === true;
  const requestLine = requestLogger(httpDeps.logger);
  // What is done once a request is answered: its metrics and its log line; nothing at all when both are off.
  const answered = metrics.on || requestLine
    ? (req: Incoming, res: http.ServerResponse, start: number) => {
      if (metrics.on) metrics.request(req.route ?? UNMATCHED, res.statusCode, start);
      requestLine?.(req, res, start);
    }
    : undefined;
  const server = http.createServer({
    IncomingMessage: Incoming,
    keepAliveTimeout: 65_000,
    // A request's head must arrive within headersTimeout (a slow-headers client holds a connection for
    // nothing); Node checks it on an interval, so that interval is kept well below the deadline.
    headersTimeout,
    connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(headersTimeout / 4))),
  }, (req: Incoming, res) => {
    const start = answered ? performance.now() : 0;
    req.reqId = requestId(req);
    // A stopping node closes each connection after its answer, so the client's next request finds another.
    if (deps.health?.draining) res.shouldKeepAlive = false;
    if (hsts) res.setHeader('Strict-Transport-Security', HSTS);
    // Every line logged while the request is handled, here or in what it calls, carries its id.
    inLogScope(req, () => handle(deps, req, res)).then(
      answered && (() => answered(req, res, start)),
      (err) => {
        inLogScope(req, () => deps.logger.error('unhandled request error', { err }));
        if (!res.headersSent) writeError(res, new AppError(Code.Internal, 'Internal error'), false);
        else res.destroy();
        answered?.(req, res, start);
      },
    );
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      deps.onUpgrade(req, socket, head);
    } catch (err) {
      deps.logger.error('upgrade failed', { err });
      socket.destroy();
    }
  });
  // A head that cannot be parsed never reaches a handler: answered in the error envelope all the same.
  server.on('clientError', answerClientError);
  return server;
}

async function handle(deps: ServerState, req: Incoming, res: http.ServerResponse): Promise<void> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const qs = q === -1 ? '' : url.slice(q + 1);
  const method = req.method ?? 'GET';

  if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
    req.route = PREFLIGHT;
    res.setHeader('X-Request-Id', req.reqId);
    preflight(req, res);
    return;
  }

  if (path === '/healthcheck' && (method === 'GET' || method === 'HEAD')) {
    req.route = HEALTH[path];
    writeJson(req, res, 200, {});
    return;
  }
  if (deps.health && (path === '/healthz' || path === '/readyz') && (method === 'GET' || method === 'HEAD')) {
    req.route = HEALTH[path];
    if (path === '/healthz') {
      writeJson(req, res, 200, { alive: true, node: deps.health.node, draining: deps.health.draining });
    } else {
      const r = await deps.health.readiness();
      writeJson(req, res, r.ready ? 200 : 503, r);
    }
    return;
  }

  // Without METRICS_TOKEN, /metrics is a path like any unknown one.
  if (deps.metrics.on && path === '/metrics' && (method === 'GET' || method === 'HEAD')) {
    req.route = METRICS;
    writeRaw(req, res, await metricsAnswer(deps.metrics, headerOf(req, 'authorization')));
    return;
  }

  // A module's route never shadows the server's own paths (HttpRoutes refuses them), so it goes first.
  if ((method === 'GET' || method === 'HEAD') && deps.moduleRoutes?.routes.size) {
    const answer = await moduleRoute(deps.moduleRoutes, req, path, qs, deps.clientIp(req));
    if (answer) {
      if (req.hasUnreadBody) res.shouldKeepAlive = false;
      writeRaw(req, res, answer);
      return;
    }
  }

  if (deps.videos && isVideoPath(path) && (await videoRequest(deps.videos, req, res, method, path, qs))) return;
  // Uploads are served by the route table, before the web app's deep-link fallback.
  const isApi = path.startsWith('/v2/') || path.startsWith('/uploads/');
  if (!isApi) {
    if ((method === 'GET' || method === 'HEAD') && deps.staticFiles) {
      req.route = STATIC;
      res.setHeader('X-Request-Id', req.reqId);
      if (await deps.staticFiles.serve(req, res, path)) return;
      req.route = undefined;
      res.removeHeader('X-Request-Id');
    }
    if (path === '/' && (method === 'GET' || method === 'HEAD')) {
      req.route = STATIC;
      res.writeHead(200, { 'Content-Length': '0', 'X-Request-Id': req.reqId });
      res.end();
      return;
    }
  }

  const match = deps.routes.match(method, path);
  if (match.kind === 'not-found') {
    writeError(res, new AppError(Code.NotFound, 'Not Found'));
    return;
  }
  if (match.kind === 'method-not-allowed') {
    writeError(res, new AppError(Code.Unimplemented, 'Method Not Allowed'));
    return;
  }
  const { route, params } = match;
  req.route = route;

  // Credentials are checked from the headers before any body is read: a request that may not be made
  // is answered at once and holds no memory for its body.
  let session: TokenClaims | undefined;
  if (route.auth === 'basic') {
    const err = checkServerKey(headerOf(req, 'authorization'), deps.config.serverKey);
    if (err) {
      refuseBeforeBody(req, res, err);
      return;
    }
  } else if (route.auth === 'bearer') {
    const auth = headerOf(req, 'authorization');
    if (!auth) {
      refuseBeforeBody(req, res, new AppError(Code.Unauthenticated, 'Auth token required'));
      return;
    }
    session = auth.startsWith('Bearer ') ? deps.sessions.verifySession(auth.slice(7)) ?? undefined : undefined;
    if (!session) {
      refuseBeforeBody(req, res, new AppError(Code.Unauthenticated, 'Auth token invalid'));
      return;
    }
    req.uid = session.uid;
  }

  const apiReq = new Request(req, method, path, params, qs, session as TokenClaims, deps.clientIp(req));
  let limit = deps.config.maxRequestSizeBytes;
  if (route.admit) {
    let admission: Admission | RawResponse;
    try {
      // Not awaited when it answers at once, so the body is still taken straight from the parser.
      const a = route.admit(apiReq);
      admission = a instanceof Promise ? await a : a;
    } catch (err) {
      if (!(err instanceof AppError)) deps.logger.error('request failed', { method, path, err });
      refuseBeforeBody(req, res, err instanceof AppError ? err : new AppError(Code.Internal, 'Internal error'));
      return;
    }
    if (isRaw(admission)) {
      if (req.hasUnreadBody) res.shouldKeepAlive = false;
      writeRaw(req, res, admission);
      return;
    }
    apiReq.admission = admission.state;
    if (admission.uid !== undefined) req.uid = admission.uid;
    if (admission.maxBodyBytes !== undefined) limit = admission.maxBodyBytes;
  }

  try {
    apiReq.rawBody = await req.readBody({ limit, budget: deps.bodyBudget, idleMs: deps.config.bodyIdleTimeoutMs });
  } catch (err) {
    if (err instanceof BodyIdleError) {
      res.shouldKeepAlive = false;
      writeError(res, new AppError(Code.DeadlineExceeded, err.message));
      req.socket.destroySoon();
      return;
    }
    refuseBeforeBody(req, res, err instanceof AppError ? err : new AppError(Code.InvalidArgument, 'Bad Request'));
    return;
  }

  try {
    // A handler that answers at once is not awaited: its response is written in the same tick.
    const answer = route.handler(apiReq);
    const out = answer instanceof Promise ? await answer : answer;
    if (isRaw(out)) writeRaw(req, res, out);
    else writeJson(req, res, 200, out);
  } catch (err) {
    if (!(err instanceof AppError)) deps.logger.error('request failed', { method, path, err });
    writeError(res, err instanceof AppError ? err : new AppError(Code.Internal, 'Internal error'));
  }
}

/** An error answer to a request whose body was not read: the connection closes after it, unread. */
function refuseBeforeBody(req: Incoming, res: http.ServerResponse, err: AppError): void {
  if (req.hasUnreadBody) res.shouldKeepAlive = false;
  writeError(res, err);
}

const EMPTY_BODY = Buffer.alloc(0);

/** What a route handler sees of a request. */
class Request implements ApiRequest {
  readonly query: Query;
  readonly clientIp: string;
  #parsed: Fields | undefined;
  readonly #req: http.IncomingMessage;
  readonly method: string;
  readonly path: string;
  readonly params: Record<string, string>;
  rawBody: Buffer = EMPTY_BODY;
  readonly session: TokenClaims;
  admission: unknown;

  constructor(req: http.IncomingMessage, method: string, path: string, params: Record<string, string>, qs: string, session: TokenClaims, clientIp: string) {
    this.#req = req;
    this.method = method;
    this.path = path;
    this.params = params;
    this.session = session;
    this.query = new Query(qs);
    this.clientIp = clientIp;
  }

  get headers(): http.IncomingHttpHeaders {
    return this.#req.headers;
  }

  header(lower: string): string | undefined {
    return headerOf(this.#req, lower);
  }

  body(): Fields {
    if (this.#parsed) return this.#parsed;
    if (this.rawBody.length === 0) return (this.#parsed = new Fields({}));
    let v: unknown;
    try {
      v = JSON.parse(this.rawBody.toString('utf8'));
    } catch (e) {
      throw new AppError(Code.InvalidArgument, `Request body is not valid JSON: ${(e as Error).message}`);
    }
    return (this.#parsed = new Fields(v));
  }
}

function isRaw(v: unknown): v is RawResponse {
  return typeof v === 'object' && v !== null && (v as RawResponse).raw === true;
}

/** Basic auth whose username is the expected key; the password is ignored. */
function checkServerKey(authorization: string | undefined, key: string): AppError | undefined {
  if (!authorization) return new AppError(Code.Unauthenticated, 'Server key required');
  const user = basicUsername(authorization);
  if (user === undefined || user !== key) return new AppError(Code.Unauthenticated, 'Server key invalid');
  return undefined;
}

export function basicUsername(authorization: string): string | undefined {
  if (!authorization.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(0, colon);
}

function acceptsGzip(req: http.IncomingMessage): boolean {
  const ae = headerOf(req, 'accept-encoding');
  return typeof ae === 'string' && ae.includes('gzip');
}

function writeJson(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: unknown): void {
  send(req, res, status, JSON.stringify(body), 'application/json', undefined);
}

function writeRaw(req: http.IncomingMessage, res: http.ServerResponse, r: RawResponse): void {
  send(req, res, r.status, r.body, r.contentType ?? 'application/json', r.headers);
}

function send(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  status: number,
  body: string | Buffer,
  contentType: string,
  headers: Record<string, string> | undefined,
): void {
  // Every response is no-store unless its headers set their own Cache-Control.
  const ownCaching = headers !== undefined && 'Cache-Control' in headers;
  const reqId = (req as Incoming).reqId;
  if (status === 304) {
    // Not Modified carries no body, so no content type or length either.
    res.writeHead(304, { ...(ownCaching ? {} : { 'Cache-Control': NO_STORE }), ...headers, 'X-Request-Id': reqId });
    res.end();
    return;
  }
  // A flat [name, value, ...] list: no intermediate object per response. nosniff: a browser takes the
  // declared type (JSON, an image) and never guesses HTML or script from the bytes.
  const out: (string | number)[] = ['Content-Type', contentType, 'Access-Control-Allow-Origin', '*', 'X-Content-Type-Options', NOSNIFF, 'X-Request-Id', reqId];
  if (!ownCaching) out.push('Cache-Control', NO_STORE);
  if (headers !== undefined) for (const k in headers) out.push(k, headers[k]);
  // A small string body stays a string: Node then writes headers and body in one piece.
  let data: string | Buffer = body;
  const length = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  // Images are compressed already.
  if (length >= GZIP_MIN_BYTES && !contentType.startsWith('image/') && acceptsGzip(req)) {
    data = zlib.gzipSync(typeof body === 'string' ? Buffer.from(body) : body, { level: 5 });
    out.push('Content-Encoding', 'gzip', 'Vary', 'Accept-Encoding', 'Content-Length', data.length);
  } else {
    out.push('Content-Length', length);
  }
  res.writeHead(status, out);
  res.end(req.method === 'HEAD' ? undefined : data);
}

/**
 * The gateway's error body: {"code":N,"message":"..."}; code 16 also sets WWW-Authenticate, and a refusal
 * by a limit Retry-After (seconds).
 */
function writeError(res: http.ServerResponse, err: AppError, withCors = true): void {
  const body = JSON.stringify({ code: err.code, message: err.message });
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': NO_STORE,
    'X-Content-Type-Options': NOSNIFF,
    'X-Request-Id': (res.req as Incoming).reqId,
  };
  if (withCors) headers['Access-Control-Allow-Origin'] = '*';
  if (err.code === Code.Unauthenticated) headers['WWW-Authenticate'] = err.message.replace(/[^\x20-\x7e]/g, '?');
  if (err.retryAfterSec !== undefined) {
    headers['Retry-After'] = err.retryAfterSec;
    if (withCors) headers['Access-Control-Expose-Headers'] = 'Retry-After';
  }
  res.writeHead(httpStatus(err.code), headers);
  res.end(body);
}

// The realtime socket at /ws: authentication before the upgrade, heartbeat, envelope dispatch. Frames
// are JSON text (`format=json`, the default) or binary nakama.realtime.Envelope (`format=protobuf`,
// see protobuf.ts); both become the same protojson-shaped envelope before dispatch.
import crypto from 'node:crypto';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData } from 'ws';
import type { Core } from '../core/index.ts';
import { clientIpResolver } from '../client-ip.ts';
import { Fields } from '../input.ts';
import { inLogScope } from '../log.ts';
import type { WireFormat } from '../realtime/bus.ts';
import { SocketCode, toSocketError } from './errors.ts';
import type { SocketHandlers } from './handlers.ts';
import { decodeEnvelope } from './protobuf.ts';
import { SocketSession } from './session.ts';

const PING_INTERVAL_MS = 15_000;
const PONG_WAIT_MS = 25_000;
const MAX_PENDING = 64;

/**
 * Close code and reason of every socket of a node that is stopping (SIGTERM): the node is going away on
 * purpose and the client should connect again at once, through the load balancer, to another node.
 * 1012 is the WebSocket registry's "Service Restart".
 * @internal
 */
export const RESTART_CLOSE_CODE = 1012;
/** @internal */
export const RESTART_CLOSE_REASON = 'Server restarting, reconnect';

export interface SocketServer {
  handleUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  onClose(hook: (s: SocketSession) => void): void;
  /** Sockets connected now. */
  count(): number;
  /**
   * Refuses new sockets and closes every open one with RESTART_CLOSE_CODE; resolves when all have
   * closed (the caller bounds the wait, then close() cuts what is left).
   */
  drain(): Promise<void>;
  close(): void;
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}

export function createSocketServer(core: Core, handlers: SocketHandlers): SocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: core.config.maxMessageSizeBytes, perMessageDeflate: false });
  // Which node a socket reached, for whoever looks behind a load balancer.
  const nodeHeader = `X-Node: ${core.config.nodeName}`;
  wss.on('headers', (headers) => headers.push(nodeHeader));
  // Message names come from the client: looked up in a Map of the handlers' own names, so that
  // 'constructor', '__proto__' and the like are unknown messages rather than Object.prototype members.
  const known = new Map(Object.entries(handlers));
  const clientIp = clientIpResolver(core.config.trustedProxies);
  const sessions = new Map<string, SocketSession>();
  const closeHooks: Array<(s: SocketSession) => void> = [];
  const logSessions = core.logger.isLevelEnabled?.('info') ?? true;
  let draining = false;
  /** Called when the last socket has closed, while draining. */
  let drained: (() => void) | undefined;

  const heartbeat = setInterval(() => {
    const now = Date.now();
    const nowSec = Math.floor(now / 1000);
    for (const s of sessions.values()) {
      if (now - s.lastPong > PONG_WAIT_MS) {
        s.ws.terminate();
      } else if (s.claims.exp <= nowSec) {
        s.close(4001, 'Session token expired');
      } else {
        s.ws.ping();
      }
    }
  }, PING_INTERVAL_MS);
  heartbeat.unref();

  function reject(socket: Duplex, status: number, text: string, message: string): void {
    socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(message)}\r\nConnection: close\r\n\r\n${message}`);
  }

  function connected(s: SocketSession, status: boolean): void {
    sessions.set(s.id, s);
    // The bus closes it when its session is revoked, on whichever node that happens.
    core.bus.attach(s);
    if (status) core.status.appear(s, '');

    s.ws.on('pong', () => {
      s.lastPong = Date.now();
    });
    s.ws.on('message', (data: RawData, isBinary: boolean) => {
      // A frame of the other type than the socket's format closes it (contract).
      if (isBinary !== (s.format === 'protobuf')) {
        s.close(1003, isBinary ? 'Binary frames are not accepted in JSON format' : 'Text frames are not accepted in protobuf format');
        return;
      }
      s.framesIn++;
      if (++s.pending > MAX_PENDING) {
        s.close(1008, 'Too many requests in flight');
        return;
      }
      // With nothing in flight the message is handled at once; else after the ones before it, in order.
      // Every line logged while it is handled carries the socket's id.
      const handled = s.pending === 1 ? inLogScope(s, () => dispatch(s, data)) : s.queue.then(() => inLogScope(s, () => dispatch(s, data)));
      s.queue = handled.finally(() => {
        s.pending--;
      });
    });
    s.ws.on('error', () => s.ws.terminate());
    s.ws.on('close', (code: number) => {
      s.closed = true;
      if (logSessions) {
        core.logger.info('socket closed', {
          sid: s.id,
          uid: s.userId,
          ms: Date.now() - s.since,
          in: s.framesIn,
          out: s.framesOut,
          closeCode: code,
        });
      }
      sessions.delete(s.id);
      core.bus.detach(s.id);
      if (drained && sessions.size === 0) drained();
      inLogScope(s, () => {
        for (const hook of closeHooks) {
          try {
            hook(s);
          } catch (err) {
            core.logger.error('socket close hook failed', { err });
          }
        }
      });
    });
  }

  /** The envelope of a frame, or nothing when an error envelope has been sent instead. */
  function parse(s: SocketSession, data: RawData): Record<string, unknown> | undefined {
    if (s.format === 'protobuf') {
      const decoded = decodeEnvelope(toBytes(data));
      if (!decoded.ok) {
        s.send({ error: { code: SocketCode.BadInput, message: 'Received message is not a valid protobuf Envelope.' } });
        return undefined;
      }
      return decoded.envelope;
    }
    let envelope: unknown;
    try {
      envelope = JSON.parse(data.toString());
    } catch {
      s.send({ error: { code: SocketCode.BadInput, message: 'Received message is not valid JSON.' } });
      return undefined;
    }
    if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) {
      s.send({ error: { code: SocketCode.BadInput, message: 'Received message must be a JSON object.' } });
      return undefined;
    }
    return envelope as Record<string, unknown>;
  }

  async function dispatch(s: SocketSession, data: RawData): Promise<void> {
    const envelope = parse(s, data);
    if (!envelope) return;
    const rawCid = envelope.cid;
    const cid = typeof rawCid === 'string' || typeof rawCid === 'number' ? String(rawCid) : undefined;
    // The one key besides cid, found without a list of keys.
    let name: string | undefined;
    let payloads = 0;
    for (const k in envelope) {
      if (k === 'cid' || !Object.hasOwn(envelope, k)) continue;
      payloads++;
      name = k;
    }
    const reply = (body: Record<string, unknown>) => {
      if (cid !== undefined) s.send({ cid, ...body });
    };
    if (payloads === 0 || name === undefined) {
      reply({ error: { code: SocketCode.MissingPayload, message: 'Received message with no payload.' } });
      return;
    }
    if (payloads > 1) {
      reply({ error: { code: SocketCode.UnrecognizedPayload, message: 'Received message with more than one payload.' } });
      return;
    }
    const handler = known.get(name);
    if (!handler) {
      reply({ error: { code: SocketCode.UnrecognizedPayload, message: `Unrecognized message: ${name}` } });
      return;
    }
    try {
      const body = new Fields(envelope[name]);
      const out = await handler(s, body, envelope[name]);
      reply(out ?? {});
    } catch (err) {
      const e = toSocketError(err);
      if (!e) core.logger.error('socket handler failed', { message: name, err });
      reply({ error: e ?? { code: SocketCode.RuntimeException, message: 'Internal error' } });
    }
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      if (path !== '/ws') {
        reject(socket, 404, 'Not Found', 'Not Found');
        return;
      }
      if (draining) {
        reject(socket, 503, 'Service Unavailable', 'Server restarting');
        return;
      }
      const params = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
      const formatParam = params.get('format') ?? '';
      let format: WireFormat;
      if (formatParam === '' || formatParam === 'json') format = 'json';
      else if (formatParam === 'protobuf') format = 'protobuf';
      else {
        reject(socket, 400, 'Bad Request', 'Unknown format.');
        return;
      }
      let token = params.get('token') ?? '';
      const auth = req.headers.authorization;
      if (!token && auth?.startsWith('Bearer ')) token = auth.slice(7);
      const claims = token ? core.sessions.verifySession(token) : null;
      if (!claims) {
        reject(socket, 401, 'Unauthorized', 'Missing or invalid token');
        return;
      }
      const status = params.get('status') === 'true';
      const lang = params.get('lang') || 'en';
      wss.handleUpgrade(req, socket, head, (ws) => {
        // The node began to stop while the handshake was under way.
        if (draining) {
          ws.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
          return;
        }
        connected(new SocketSession(crypto.randomUUID(), claims, ws, lang, clientIp(req), format), status);
      });
    },
    onClose(hook) {
      closeHooks.push(hook);
    },
    count() {
      return sessions.size;
    },
    drain() {
      draining = true;
      if (sessions.size === 0) return Promise.resolve();
      const done = new Promise<void>((resolve) => (drained = resolve));
      for (const s of sessions.values()) s.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
      return done;
    },
    close() {
      clearInterval(heartbeat);
      for (const s of sessions.values()) s.ws.terminate();
      wss.close();
    },
  };
}

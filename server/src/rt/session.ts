// One connected socket: its user, its outgoing frames and its incoming queue.
import type WebSocket from 'ws';
import type { TokenClaims } from '../tokens.ts';
import type { Msg } from '../encode.ts';
import type { LogScope } from '../log.ts';
import type { ClientSession, WireFormat } from '../realtime/bus.ts';
import { serializers } from './serializers.ts';

/** Frames waiting in the kernel and ws buffers beyond this close the socket: the client is not reading. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * What sendRaw uses of ws's sender (pinned ws 8): its state (0 while nothing is queued, always so without
 * compression) and the write of a frame made already.
 */
interface WsSender {
  _state: number;
  sendFrame(list: Buffer[], cb?: () => void): void;
}

// The last frame made and what it was made of: a message fanned out to many sockets (the router hands each
// the same data) is framed once, and each socket writes the same bytes in one write.
let lastData: string | Uint8Array | undefined;
let lastFrame: Buffer = Buffer.alloc(0);

/**
 * A whole unmasked WebSocket frame (RFC 6455 5.2) of one message: text for a string, binary otherwise.
 * @internal
 */
export function wireFrame(data: string | Uint8Array): Buffer {
  if (data === lastData) return lastFrame;
  const text = typeof data === 'string';
  const length = text ? Buffer.byteLength(data) : data.byteLength;
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x80 | (text ? 0x1 : 0x2);
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  if (text) frame.write(data, head, 'utf8');
  else frame.set(data, head);
  lastData = data;
  lastFrame = frame;
  return frame;
}

// Sessions with frames waiting for the end of this turn of the event loop. A turn that fans several
// messages out (a burst of chat messages read together, commits finished together) writes each socket's
// frames in one write instead of one write per message; each socket's frames keep their order.
const waiting: SocketSession[] = [];
let flushScheduled = false;

function flushWaiting(): void {
  flushScheduled = false;
  // A flush may close a socket but never adds a session: the list is walked as it stands.
  for (let i = 0; i < waiting.length; i++) waiting[i].flush();
  waiting.length = 0;
}

export class SocketSession implements ClientSession, LogScope {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly claims: TokenClaims;
  readonly vars: Record<string, string>;
  readonly lang: string;
  readonly clientIp: string;
  readonly ws: WebSocket;
  readonly format: WireFormat;
  lastPong = Date.now();
  /** Incoming envelopes are handled one after another, in order, as the upstream pipeline does. */
  queue: Promise<void> = Promise.resolve();
  pending = 0;
  closed = false;
  /** When it connected (ms since the epoch), and the frames it received and was sent: for its log line. */
  readonly since = Date.now();
  framesIn = 0;
  framesOut = 0;
  /** Frames made in this turn of the event loop and not yet written: one, several, or none. */
  private outbox: Buffer | Buffer[] | undefined = undefined;

  constructor(id: string, claims: TokenClaims, ws: WebSocket, lang: string, clientIp: string, format: WireFormat = 'json') {
    this.id = id;
    this.userId = claims.uid;
    this.username = claims.usn;
    this.claims = claims;
    this.vars = claims.vrs ?? {};
    this.ws = ws;
    this.lang = lang;
    this.clientIp = clientIp;
    this.format = format;
  }

  /** What every line logged while one of its messages is handled carries (LogScope): no object of its own. */
  get sid(): string {
    return this.id;
  }

  get uid(): string {
    return this.userId;
  }

  sendRaw(data: string | Uint8Array): void {
    if (this.closed || this.ws.readyState !== 1) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(1013, 'Outgoing queue full');
      return;
    }
    this.framesOut++;
    const sender = (this.ws as unknown as { _sender?: WsSender })._sender;
    if (sender === undefined || sender._state !== 0) {
      this.flush();
      this.ws.send(data);
      return;
    }
    const frame = wireFrame(data);
    const out = this.outbox;
    if (out === undefined) {
      this.outbox = frame;
      waiting.push(this);
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flushWaiting);
      }
    } else if (Array.isArray(out)) {
      out.push(frame);
    } else {
      this.outbox = [out, frame];
    }
  }

  /** Writes the frames waiting, in one write. */
  flush(): void {
    const out = this.outbox;
    if (out === undefined) return;
    this.outbox = undefined;
    if (this.ws.readyState !== 1) return;
    const sender = (this.ws as unknown as { _sender?: WsSender })._sender;
    const bytes = Array.isArray(out) ? Buffer.concat(out) : out;
    if (sender !== undefined && sender._state === 0) sender.sendFrame([bytes]);
    else (this.ws as unknown as { _socket: { write(b: Buffer): void } })._socket.write(bytes);
  }

  send(envelope: Msg): void {
    this.sendRaw(serializers[this.format](envelope));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    // What it was sent before goes out before the close frame.
    this.flush();
    this.closed = true;
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
  }
}

// One connected socket: its user, its outgoing frames and its incoming queue.
import type WebSocket from 'ws';
import type { TokenClaims } from '../tokens.ts';
import type { Msg } from '../encode.ts';
import type { ClientSession, WireFormat } from '../realtime/bus.ts';
import { serializers } from './serializers.ts';

/** Frames waiting in the kernel and ws buffers beyond this close the socket: the client is not reading. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export class SocketSession implements ClientSession {
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

  sendRaw(data: string | Uint8Array): void {
    if (this.closed || this.ws.readyState !== 1) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(1013, 'Outgoing queue full');
      return;
    }
    this.ws.send(data);
  }

  send(envelope: Msg): void {
    this.sendRaw(serializers[this.format](envelope));
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    try {
      this.ws.close(code, reason);
    } catch {
      this.ws.terminate();
    }
  }
}

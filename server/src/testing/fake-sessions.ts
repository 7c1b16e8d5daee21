// Stand-ins of the socket layer for tests of the bus and of what runs on it: serializers that count their
// calls and sessions that record what they receive.
import type { Msg } from '../encode.ts';
import type { ClientSession, Serializers, WireFormat } from '../realtime/bus.ts';
import type { TokenClaims } from '../tokens.ts';

/** Serializers that count their calls; the "protobuf" one is JSON in bytes, enough to tell them apart. */
export function countingSerializers(): { serializers: Serializers; calls: Record<WireFormat, number> } {
  const calls = { json: 0, protobuf: 0 };
  return {
    calls,
    serializers: {
      json: (e) => {
        calls.json++;
        return JSON.stringify(e);
      },
      protobuf: (e) => {
        calls.protobuf++;
        return new TextEncoder().encode(JSON.stringify(e));
      },
    },
  };
}

let seq = 0;

/** A socket that records what it receives and how it was closed. */
export class FakeSession implements ClientSession {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly claims: TokenClaims;
  readonly format: WireFormat;
  readonly frames: Array<string | Uint8Array> = [];
  closed: { code: number; reason: string } | undefined;

  constructor(userId: string, opts: { format?: WireFormat; tid?: string; iat?: number; exp?: number } = {}) {
    this.id = `session-${++seq}`;
    this.userId = userId;
    this.username = `user-${userId}`;
    this.format = opts.format ?? 'json';
    this.claims = { tid: opts.tid ?? `token-${seq}`, uid: userId, usn: this.username, iat: opts.iat ?? 1000, exp: opts.exp ?? 2000 };
  }

  sendRaw(data: string | Uint8Array): void {
    this.frames.push(data);
  }

  close(code: number, reason: string): void {
    this.closed ??= { code, reason };
  }

  /** The envelopes received, decoded. */
  get received(): Msg[] {
    return this.frames.map((f) => JSON.parse(typeof f === 'string' ? f : new TextDecoder().decode(f)));
  }
}

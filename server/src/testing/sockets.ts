// Sockets of the official client in either wire format, and what they receive unasked, kept in order
// per kind, so that a test waits for the next event of a kind instead of racing a callback.
import type { DefaultSocket, Session } from '@heroiclabs/nakama-js';
import { WebSocketAdapterPb } from '@heroiclabs/nakama-js-protobuf';
import type { TestServer } from './index.ts';

export type WireFormat = 'json' | 'protobuf';
export const FORMATS: readonly WireFormat[] = ['json', 'protobuf'];

const KINDS = {
  onmatchdata: 'match_data',
  onmatchpresence: 'match_presence_event',
  onmatchmakermatched: 'matchmaker_matched',
  onmatchmakerticket: 'matchmaker_ticket',
  onparty: 'party',
  onpartyclose: 'party_close',
  onpartydata: 'party_data',
  onpartyjoinrequest: 'party_join_request',
  onpartyleader: 'party_leader',
  onpartymatchmakerticket: 'party_matchmaker_ticket',
  onpartypresence: 'party_presence_event',
  onstreamdata: 'stream_data',
  onstreampresence: 'stream_presence_event',
  onnotification: 'notification',
} as const;

export type EventKind = (typeof KINDS)[keyof typeof KINDS];

interface Waiter {
  test: (e: unknown) => boolean;
  resolve: (e: unknown) => void;
}

/** A connected socket and the events it has received and not yet taken. */
export class TestSocket {
  /** The client's socket class: its `send` and `sendMatchState`'s reliable flag are not on the Socket interface. */
  readonly socket: DefaultSocket;
  readonly session: Session;
  private readonly queues = new Map<EventKind, unknown[]>();
  private readonly waiters = new Map<EventKind, Waiter[]>();

  constructor(socket: DefaultSocket, session: Session) {
    this.socket = socket;
    this.session = session;
    for (const [callback, kind] of Object.entries(KINDS)) {
      (socket as unknown as Record<string, (e: unknown) => void>)[callback] = (e) => this.push(kind, e);
    }
  }

  private push(kind: EventKind, e: unknown): void {
    const waiters = this.waiters.get(kind) ?? [];
    const i = waiters.findIndex((w) => w.test(e));
    if (i !== -1) {
      waiters.splice(i, 1)[0].resolve(e);
      return;
    }
    this.queues.set(kind, [...(this.queues.get(kind) ?? []), e]);
  }

  /** The next event of a kind (that passes `test`), received already or within ms. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  next<T = any>(kind: EventKind, test: (e: T) => boolean = () => true, ms = 3000): Promise<T> {
    const queue = this.queues.get(kind) ?? [];
    const i = queue.findIndex((e) => test(e as T));
    if (i !== -1) return Promise.resolve(queue.splice(i, 1)[0] as T);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        test: (e) => test(e as T),
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e as T);
        },
      };
      const timer = setTimeout(() => {
        const list = this.waiters.get(kind) ?? [];
        list.splice(list.indexOf(waiter), 1);
        reject(new Error(`timed out waiting for ${kind}`));
      }, ms);
      this.waiters.set(kind, [...(this.waiters.get(kind) ?? []), waiter]);
    });
  }

  /** Events of a kind received and not taken. */
  pending(kind: EventKind): unknown[] {
    return [...(this.queues.get(kind) ?? [])];
  }

  close(): void {
    this.socket.disconnect(false);
  }
}

/** Connects a session's socket in one wire format. */
export async function connectSocket(ts: TestServer, session: Session, format: WireFormat): Promise<TestSocket> {
  const socket = format === 'protobuf' ? ts.client().createSocket(false, false, new WebSocketAdapterPb()) : ts.client().createSocket();
  await socket.connect(session, false);
  return new TestSocket(socket as DefaultSocket, session);
}

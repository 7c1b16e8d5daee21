// What the socket load generators share: opening a raw JSON socket, a request that waits for its answer,
// and the count of deliveries with their latencies.
import WebSocket from 'ws';

/** Wall-clock milliseconds with sub-millisecond precision (comparable between processes). */
export const now = () => performance.timeOrigin + performance.now();

export function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Sends a request with the cid given and resolves with its answer (rejects with its error). */
export function request(ws: WebSocket, cid: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString());
      if (m.cid !== cid) return;
      ws.off('message', onMessage);
      if (m.error) reject(new Error(m.error.message));
      else resolve(m);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ cid, ...body }));
  });
}

/** Deliveries of messages that carry their send time: how many, how fast, how late. */
export class Deliveries {
  private readonly latencies: number[] = [];
  private delivered = 0;
  private last = 0;
  private readonly started = now();
  private done!: () => void;
  private readonly all = new Promise<void>((r) => (this.done = r));
  private readonly expected: number;

  constructor(expected: number) {
    this.expected = expected;
  }

  /** One message sent at sentAt (ms) arrived now. */
  record(sentAt: number): void {
    const t = now();
    this.latencies.push(t - sentAt);
    this.delivered++;
    this.last = t;
    if (this.delivered === this.expected) this.done();
  }

  /** Resolves when every message arrived, or after timeoutMs with what did. */
  async settled(timeoutMs = 60_000): Promise<void> {
    const timeout = setTimeout(this.done, timeoutMs);
    await this.all;
    clearTimeout(timeout);
  }

  /** The figures a load generator prints (its JSON line), with whatever else it counted. */
  summary(extra: Record<string, number> = {}): Record<string, number> {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
    const seconds = (this.last - this.started) / 1000;
    return { delivered: this.delivered, expected: this.expected, ...extra, seconds, perSecond: this.delivered / seconds, p50: pct(0.5), p99: pct(0.99) };
  }
}

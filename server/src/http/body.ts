// Request bodies. Every API request reads its whole (small) body before anything else, so the body's
// chunks are taken as the HTTP parser hands them over instead of through the readable stream's buffering,
// flowing mode and events: the body is ready in the same tick it arrives.
// Bodies being received share one byte budget, and a body that stops arriving is dropped after a short
// idle time, so that slow or stalled uploads cannot hold the server's memory.
import http from 'node:http';
import { AppError, Code } from '../errors.ts';
import type { RouteKey } from '../metrics.ts';
import type { LogScope } from '../log.ts';

const tooLarge = () => new AppError(Code.InvalidArgument, 'Request body too large.');
const busy = () => new AppError(Code.Unavailable, 'Server is busy receiving other requests. Try again shortly.');

/** Raised when a body stops arriving: the connection is closed rather than answered normally. */
export class BodyIdleError extends Error {
  constructor() {
    super('Request body timed out.');
    this.name = 'BodyIdleError';
  }
}

/** Bytes of request bodies held in memory while being received, across all requests. */
export class BodyBudget {
  readonly capacity: number;
  used = 0;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  take(n: number): boolean {
    if (this.used + n > this.capacity) return false;
    this.used += n;
    return true;
  }

  give(n: number): void {
    this.used -= n;
  }
}

export interface BodyLimits {
  /** Largest body of this request. */
  limit: number;
  budget: BodyBudget;
  /** How long the body may go without a byte before it is dropped. */
  idleMs: number;
}

/** One body being read: its bytes so far, its share of the budget and its idle timer. */
class Reader {
  readonly chunks: Buffer[] = [];
  size = 0;
  done = false;
  private reserved: number;
  private readonly limits: BodyLimits;
  private readonly timer: NodeJS.Timeout;
  private readonly resolveBody: (body: Buffer) => void;
  private readonly rejectBody: (err: Error) => void;

  constructor(limits: BodyLimits, reserved: number, resolve: (body: Buffer) => void, reject: (err: Error) => void) {
    this.limits = limits;
    this.reserved = reserved;
    this.resolveBody = resolve;
    this.rejectBody = reject;
    this.timer = setTimeout(() => this.fail(new BodyIdleError()), limits.idleMs);
  }

  /** Takes a chunk; false once the body has failed (too large, over budget). */
  add(b: Buffer): void {
    if (this.done) return;
    this.size += b.length;
    if (this.size > this.limits.limit) return this.fail(tooLarge());
    // A body of undeclared length takes its share of the budget as it arrives.
    if (this.size > this.reserved) {
      if (!this.limits.budget.take(this.size - this.reserved)) return this.fail(busy());
      this.reserved = this.size;
    }
    this.chunks.push(b);
    this.timer.refresh();
  }

  end(): void {
    if (this.done) return;
    this.finish();
    this.resolveBody(this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.size));
  }

  fail(err: Error): void {
    if (this.done) return;
    this.finish();
    this.chunks.length = 0;
    this.rejectBody(err);
  }

  private finish(): void {
    this.done = true;
    clearTimeout(this.timer);
    this.limits.budget.give(this.reserved);
    this.reserved = 0;
  }
}

/** The server's request class (http.createServer's IncomingMessage option). */
export class Incoming extends http.IncomingMessage implements LogScope {
  #reader: Reader | undefined;
  /** The request's id: a sane X-Request-Id it came with, or one made here; sent back and on its log lines. */
  reqId = '';
  /** Who made it, once known: on its log lines. */
  uid: string | undefined = undefined;
  /** Its route of the table, or a fixed name (never the path itself, whose parameters may be secrets): what its
   * metrics are counted under and its log line names. */
  route: RouteKey | undefined = undefined;

  /** Whether the request carries a body that has not been read (nor is known to be empty). */
  get hasUnreadBody(): boolean {
    if (this.complete || this.#reader) return false;
    const length = headerOf(this, 'content-length');
    return length === undefined ? headerOf(this, 'transfer-encoding') !== undefined : length !== '0';
  }

  /**
   * The whole body, refused with InvalidArgument past `limits.limit` bytes and with Unavailable when the
   * budget of bodies in flight is spent. Taken straight from the parser when called before the body
   * arrives (before the request handler first awaits); else read from the stream.
   */
  readBody(limits: BodyLimits): Promise<Buffer> {
    const declared = Number(headerOf(this, 'content-length') ?? 0);
    if (!(declared >= 0) || declared > limits.limit) {
      this.resume();
      return Promise.reject(tooLarge());
    }
    if (this.complete && this.readableLength === 0 && !this.readableEnded && declared === 0) return Promise.resolve(EMPTY);
    // A declared length is reserved at once: a request that cannot be held is refused before its bytes come.
    if (!limits.budget.take(declared)) {
      this.resume();
      return Promise.reject(busy());
    }
    return new Promise((resolve, reject) => {
      const reader = new Reader(limits, declared, resolve, reject);
      if (this.complete || this.readableLength > 0 || this.readableEnded || this.destroyed || this.#reader) {
        streamBody(this, reader);
      } else {
        this.#reader = reader;
      }
    });
  }

  // The parser pushes each body chunk, then null at the end of the message.
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    const r = this.#reader;
    if (r === undefined) return super.push(chunk, encoding);
    if (chunk === null) {
      this.#reader = undefined;
      // The stream itself ends empty; Node drains it once the response is sent.
      const pushed = super.push(null);
      r.end();
      return pushed;
    }
    r.add(chunk as Buffer);
    return true;
  }

  // An aborted request (the client went away mid-body) fails a pending read.
  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    const r = this.#reader;
    if (r !== undefined) {
      this.#reader = undefined;
      r.fail(err ?? new Error('Request aborted.'));
    }
    super._destroy(err, cb);
  }
}

const EMPTY = Buffer.alloc(0);

/** The body through the readable stream: for a request whose body the stream has taken already. */
function streamBody(req: http.IncomingMessage, reader: Reader): void {
  req.on('data', (c: Buffer) => reader.add(c));
  req.on('end', () => reader.end());
  req.on('error', (e) => reader.fail(e));
  req.on('close', () => reader.fail(new Error('Request aborted.')));
}

/**
 * A request header's value (the first, for a repeated one), found in the raw header list: cheaper than
 * req.headers, which Node builds on first use. `lower` is the lower-cased name.
 */
export function headerOf(req: http.IncomingMessage, lower: string): string | undefined {
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i];
    if (name.length === lower.length && (name === lower || name.toLowerCase() === lower)) return raw[i + 1];
  }
  return undefined;
}

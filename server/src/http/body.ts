// Request bodies. Every API request reads its whole (small) body before anything else, so the body's
// chunks are taken as the HTTP parser hands them over instead of through the readable stream's buffering,
// flowing mode and events: the body is ready in the same tick it arrives.
import http from 'node:http';
import { AppError, Code } from '../errors.ts';

const tooLarge = () => new AppError(Code.InvalidArgument, 'Request body too large.');

interface Capture {
  limit: number;
  size: number;
  chunks: Buffer[];
  failed: boolean;
  resolve(body: Buffer): void;
  reject(err: Error): void;
}

/** The server's request class (http.createServer's IncomingMessage option). */
export class Incoming extends http.IncomingMessage {
  #capture: Capture | undefined;

  /**
   * The whole body, refused with InvalidArgument past `limit` bytes. Taken straight from the parser when
   * called before the body arrives (before the request handler first awaits); else read from the stream.
   */
  readBody(limit: number): Promise<Buffer> {
    const declared = Number(headerOf(this, 'content-length') ?? 0);
    if (declared > limit) {
      this.resume();
      return Promise.reject(tooLarge());
    }
    if (this.complete || this.readableLength > 0 || this.readableEnded || this.destroyed || this.#capture) return streamBody(this, limit);
    return new Promise((resolve, reject) => {
      this.#capture = { limit, size: 0, chunks: [], failed: false, resolve, reject };
    });
  }

  // The parser pushes each body chunk, then null at the end of the message.
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    const c = this.#capture;
    if (c === undefined) return super.push(chunk, encoding);
    if (chunk === null) {
      this.#capture = undefined;
      // The stream itself ends empty; Node drains it once the response is sent.
      const r = super.push(null);
      if (!c.failed) c.resolve(c.chunks.length === 1 ? c.chunks[0] : Buffer.concat(c.chunks, c.size));
      return r;
    }
    if (!c.failed) {
      const b = chunk as Buffer;
      c.size += b.length;
      if (c.size > c.limit) {
        c.failed = true;
        c.chunks = [];
        c.reject(tooLarge());
      } else {
        c.chunks.push(b);
      }
    }
    return true;
  }

  // An aborted request (the client went away mid-body) fails a pending read.
  override _destroy(err: Error | null, cb: (err?: Error | null) => void): void {
    const c = this.#capture;
    if (c !== undefined) {
      this.#capture = undefined;
      if (!c.failed) c.reject(err ?? new Error('Request aborted.'));
    }
    super._destroy(err, cb);
  }
}

/** The body through the readable stream: for a request whose body the stream has taken already. */
function streamBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (c: Buffer) => {
      if (failed) return;
      size += c.length;
      if (size > limit) {
        failed = true;
        reject(tooLarge());
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!failed) resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
    });
  });
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

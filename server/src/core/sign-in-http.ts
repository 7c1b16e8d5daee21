// Calls to sign-in providers: a timeout on every call, no redirects, a cap on the answer's size. A provider
// that cannot be reached, or fails, is Unavailable; the URL is logged without its query (it holds tokens).
import { AppError, Code } from '../errors.ts';
import type { Logger } from '../log.ts';

const MAX_ANSWER_BYTES = 1024 * 1024;

export const unavailable = (name: string) => new AppError(Code.Unavailable, `${name} sign-in is unavailable: the provider could not be reached.`);

export interface ProviderAnswer {
  status: number;
  bytes: Buffer;
  /** The answer as JSON, or undefined when it is not JSON. */
  json(): unknown;
}

/** Where a call went, for the log: never the query, which carries tokens and keys. */
export function redact(url: URL | string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

export async function providerGet(name: string, url: URL, timeoutMs: number, logger: Logger, headers: Record<string, string> = {}): Promise<ProviderAnswer> {
  let status: number;
  let bytes: Buffer;
  try {
    const res = await fetch(url, { headers: { accept: 'application/json', ...headers }, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    status = res.status;
    bytes = await readCapped(res);
  } catch (err) {
    logger.error('sign-in provider could not be reached', { provider: name, url: redact(url), err: (err as Error).message });
    throw unavailable(name);
  }
  if (status >= 500 || status === 429) {
    logger.error('sign-in provider failed', { provider: name, url: redact(url), status });
    throw unavailable(name);
  }
  return {
    status,
    bytes,
    json() {
      try {
        return JSON.parse(bytes.toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

async function readCapped(res: Response): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (!res.body) return Buffer.alloc(0);
  for await (const chunk of res.body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw new Error('answer too large');
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

// News descriptions are sanitised and enriched in worker threads (piscina): a large description full of
// links takes a worker hundreds of milliseconds, during which the event loop goes on answering everyone
// else. At most NEWS_HTML_THREADS descriptions are worked on at once and NEWS_HTML_QUEUE more wait; past
// that a writer is told to try again (Unavailable). Module settings, validated in server/src/config.ts.
import { Piscina } from 'piscina';
import { AppError, Code, invalid, type Initializer, type Nk } from '@tribuna/server';
import type { PreparedDescription } from './html-worker.ts';
import { MAX_STORED_DESCRIPTION } from './sanitize.ts';

const WORKER = new URL('./html-worker.ts', import.meta.url).href;
/** An idle worker thread ends after this long; the next description starts one again. */
const IDLE_MS = 60_000;
/** How long stopping waits for the descriptions being worked on. */
const CLOSE_MS = 5_000;
/** The threads' priority below the event loop's (Linux nice), so requests come first when the cores are busy. */
const NICE = 10;
/** @internal */
export const BUSY = 'Сервер сейчас занят обработкой новостей. Попробуйте через минуту.';
const TOO_LONG = `description: слишком много ссылок и видео: с ними текст длиннее ${MAX_STORED_DESCRIPTION} символов.`;
const EMPTY: PreparedDescription = { description: '', preview_html: '', description_cut: false, excerpt: '' };

export class NewsHtml {
  private readonly pool: Piscina<string, PreparedDescription | undefined>;
  /** Descriptions worked on or waiting; at most threads + queue. */
  private inFlight = 0;
  private readonly capacity: number;

  constructor(threads: number, queue: number) {
    // No thread until the first description, so a server that writes no news runs none.
    this.pool = new Piscina({ filename: WORKER, minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS, closeTimeout: CLOSE_MS, niceIncrement: NICE });
    this.capacity = threads + queue;
  }

  /**
   * The description to store and what lists show of it. InvalidArgument when links and players make it
   * too long; Unavailable when the pool's queue is full. The caller has checked its length.
   */
  async prepare(html: string): Promise<PreparedDescription> {
    if (!html) return EMPTY;
    if (this.inFlight >= this.capacity) throw new AppError(Code.Unavailable, BUSY);
    this.inFlight++;
    try {
      const prepared = await this.pool.run(html);
      if (!prepared) throw invalid(TOO_LONG);
      return prepared;
    } finally {
      this.inFlight--;
    }
  }

  /** Worker threads running now. */
  get threads(): number {
    return this.pool.threads.length;
  }

  /** Waits for the descriptions being worked on, drops those waiting and ends the threads. */
  close(): Promise<void> {
    return this.pool.close({ force: true });
  }
}

const pools = new WeakMap<Nk, NewsHtml>();

/** A whole number of at least `min` from the module settings (config.ts validated it). */
function setting(nk: Nk, name: string, min: number): number {
  const n = Number(nk.env[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`The module setting ${name} is missing or below ${min}: "${nk.env[name]}".`);
  return n;
}

/** Starts this server's pool of news HTML workers; it stops with the server. */
export function startNewsHtml(initializer: Initializer, nk: Nk): NewsHtml {
  const html = new NewsHtml(setting(nk, 'NEWS_HTML_THREADS', 1), setting(nk, 'NEWS_HTML_QUEUE', 0));
  pools.set(nk, html);
  initializer.registerShutdown(() => html.close());
  return html;
}

export function newsHtmlOf(nk: Nk): NewsHtml {
  const html = pools.get(nk);
  if (!html) throw new Error('The news HTML pool was not started for this server.');
  return html;
}

// What the app keeps for offline use: the answers of the queries it has shown (TanStack Query's dehydrated
// form), in localStorage for a day (the pages visited are visited-pages.ts'). Online, nothing is restored: the pages ask the
// server as before. Offline (at start, or when the connection drops), the kept answers go back into the
// cache, so a page visited before shows its last data, and a page never visited says it is offline.
// The official persisters pin an older query-core, which would ship a second copy of it; this is their
// core in a few lines, keeping answers of queries already collected from memory too.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { MAX_AGE_MS } from './offline-cache-age.ts';

const KEY = 'tribuna.offline-queries';
const MAX_QUERIES = 200;
const SAVE_DELAY_MS = 1000;

type KeptQuery = DehydratedState['queries'][number];
interface Saved {
  /** Whose answers they are: another user's (or a guest's) are never shown. */
  user: string;
  queries: KeptQuery[];
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function read<T>(storage: Store, key: string): T | undefined {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

function write(storage: Store, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or refused storage: nothing is kept rather than a part.
    storage.removeItem(key);
  }
}

/**
 * Kept answers, newest first, at most MAX_QUERIES, none older than MAX_AGE_MS.
 * @internal
 */
export function mergeKept(kept: KeptQuery[], current: KeptQuery[], now: number): KeptQuery[] {
  const byHash = new Map<string, KeptQuery>();
  for (const q of kept) byHash.set(q.queryHash, q);
  for (const q of current) {
    const old = byHash.get(q.queryHash);
    if (!old || old.state.dataUpdatedAt <= q.state.dataUpdatedAt) byHash.set(q.queryHash, q);
  }
  return [...byHash.values()]
    .filter((q) => now - q.state.dataUpdatedAt < MAX_AGE_MS)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_QUERIES);
}

export interface OfflineCacheOptions {
  storage: Store;
  now(): number;
  /** The signed-in user (or guest) whose answers these are; undefined before the session is known. */
  user(): string | undefined;
}

export class OfflineCache {
  private readonly qc: QueryClient;
  private readonly o: OfflineCacheOptions;
  private saved: Saved | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(qc: QueryClient, options: OfflineCacheOptions) {
    this.qc = qc;
    this.o = options;
    this.saved = read<Saved>(options.storage, KEY);
  }

  /** Saves the cache a moment after each change (successful answers only). */
  start(): () => void {
    return this.qc.getQueryCache().subscribe(() => {
      if (this.timer === undefined) this.timer = setTimeout(() => this.save(), SAVE_DELAY_MS);
    });
  }

  save(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const user = this.o.user();
    if (!user) return;
    const mine = this.mine(user);
    const current = dehydrate(this.qc).queries.filter((q) => q.state.status === 'success');
    this.saved = { user, queries: mergeKept(mine.queries, current, this.o.now()) };
    write(this.o.storage, KEY, this.saved);
  }

  private mine(user: string): Saved {
    return this.saved?.user === user ? this.saved : { user, queries: [] };
  }

  /** Puts this user's kept answers back into the cache (newer answers in it stay). */
  restore(): number {
    const user = this.o.user();
    if (!user || this.saved?.user !== user) return 0;
    const queries = mergeKept([], this.saved.queries, this.o.now());
    hydrate(this.qc, { queries, mutations: [] });
    return queries.length;
  }
}

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS } from './offline-cache-age.ts';
import { mergeKept, OfflineCache } from './offline-cache.ts';
import { VisitedPages } from './visited-pages.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    map: m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

const kept = (hash: string, at: number) =>
  ({ queryHash: hash, queryKey: [hash], state: { data: hash, dataUpdatedAt: at, status: 'success' } }) as unknown as Parameters<typeof mergeKept>[0][number];

describe('mergeKept', () => {
  it('keeps the newer answer of each query, newest first, and drops those older than a day', () => {
    const now = 10 * MAX_AGE_MS;
    const merged = mergeKept([kept('a', now - 5), kept('b', now - MAX_AGE_MS - 1)], [kept('a', now - 1), kept('c', now - 3)], now);
    expect(merged.map((q) => [q.queryHash, q.state.dataUpdatedAt])).toEqual([['a', now - 1], ['c', now - 3]]);
    // An older answer does not replace a newer kept one.
    expect(mergeKept([kept('a', now - 1)], [kept('a', now - 9)], now)[0].state.dataUpdatedAt).toBe(now - 1);
  });
});

describe('OfflineCache', () => {
  it('keeps successful answers for their user, and gives them back only to that user', async () => {
    const storage = memoryStorage();
    let user: string | undefined = 'u1';
    const online = new QueryClient();
    online.setQueryData(['teams'], [{ id: 't1', name: 'Ювелиры' }]);
    await online.prefetchQuery({ queryKey: ['broken'], queryFn: () => Promise.reject(new Error('x')), retry: false });
    new OfflineCache(online, { storage, now: () => Date.now(), user: () => user }).save();

    // The next start, offline: a fresh cache gets the kept answers back, not the failed one.
    const later = new QueryClient();
    expect(new OfflineCache(later, { storage, now: () => Date.now(), user: () => user }).restore()).toBe(1);
    expect(later.getQueryData(['teams'])).toEqual([{ id: 't1', name: 'Ювелиры' }]);

    // Another user (or the guest after signing out) gets nothing.
    user = 'u2';
    const other = new QueryClient();
    expect(new OfflineCache(other, { storage, now: () => Date.now(), user: () => user }).restore()).toBe(0);
    expect(other.getQueryData(['teams'])).toBeUndefined();
  });

  it('keeps answers the cache has let go of, until they are a day old', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const qc = new QueryClient();
    const cache = new OfflineCache(qc, { storage, now: () => now, user: () => 'u1' });
    qc.setQueryData(['news'], ['a'], { updatedAt: now });
    cache.save();
    qc.removeQueries({ queryKey: ['news'] });
    cache.save();
    const fresh = () => new QueryClient();
    const a = fresh();
    expect(new OfflineCache(a, { storage, now: () => now, user: () => 'u1' }).restore()).toBe(1);
    now += MAX_AGE_MS;
    expect(new OfflineCache(fresh(), { storage, now: () => now, user: () => 'u1' }).restore()).toBe(0);
  });

  it('keeps nothing when storage refuses it', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const qc = new QueryClient();
    qc.setQueryData(['x'], 1);
    expect(() => new OfflineCache(qc, { storage, now: () => Date.now(), user: () => 'u1' }).save()).not.toThrow();
    expect(storage.map.size).toBe(0);
  });
});

describe('VisitedPages', () => {
  it('knows the pages each user saw within a day', () => {
    const storage = memoryStorage();
    let now = 5_000;
    const pages = new VisitedPages(storage, () => now);
    pages.add('u1', '/teams');
    expect(pages.has('u1', '/teams')).toBe(true);
    expect(pages.has('u1', '/news')).toBe(false);
    expect(pages.has('u2', '/teams')).toBe(false);
    expect(pages.has(undefined, '/teams')).toBe(false);
    // Read back by the next start.
    expect(new VisitedPages(storage, () => now).has('u1', '/teams')).toBe(true);
    now += MAX_AGE_MS;
    expect(pages.has('u1', '/teams')).toBe(false);
  });
});

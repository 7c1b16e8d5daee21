// Moving sections and videos: the new order of ids, and loaded pages put in that order.
import type { InfiniteData } from '@tanstack/react-query';

/** Loaded pages put in the order of ids (others keep their place after them), page sizes unchanged. */
export function reorderPages<P, T extends { id: string }>(data: InfiniteData<P> | undefined, items: (p: P) => T[] | undefined, rebuild: (p: P, items: T[]) => P, ids: readonly string[]): InfiniteData<P> | undefined {
  if (!data) return data;
  const rank = new Map(ids.map((id, i) => [id, i]));
  const all = data.pages.flatMap((p) => items(p) ?? []);
  const sorted = [...all].sort((a, b) => (rank.get(a.id) ?? ids.length) - (rank.get(b.id) ?? ids.length));
  let at = 0;
  return {
    ...data,
    pages: data.pages.map((p) => {
      const n = items(p)?.length ?? 0;
      const slice = sorted.slice(at, at + n);
      at += n;
      return rebuild(p, slice);
    }),
  };
}

/** ids with the one at index moved by one place up (-1) or down (+1); null at the edges. */
export function moveId(ids: readonly string[], index: number, by: -1 | 1): string[] | null {
  const to = index + by;
  if (index < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

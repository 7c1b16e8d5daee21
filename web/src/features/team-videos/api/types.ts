import type { InfiniteData } from '@tanstack/react-query';

export interface VideoSection {
  id: string;
  team_id: string;
  title: string;
  description: string;
  sort_order: number;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

export interface Video {
  id: string;
  team_id: string;
  section_id: string;
  title: string;
  description: string;
  embed_url: string;
  tags?: string[];
  sort_order: number;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

export interface SectionsPage {
  sections?: VideoSection[];
  cursor?: string;
}

export interface VideosPage {
  videos?: Video[];
  cursor?: string;
}

/** Every video query of a team starts with this key, so one invalidation refreshes them all. */
export const teamVideosKey = (teamId: string) => ['team-videos', teamId] as const;
export const videoSectionsKey = (teamId: string, includeDeleted: boolean) => [...teamVideosKey(teamId), 'sections', { includeDeleted }] as const;
export const sectionVideosKey = (teamId: string, sectionId: string, includeDeleted: boolean) =>
  [...teamVideosKey(teamId), 'videos', sectionId, { includeDeleted }] as const;

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

// The teams and matches the matches pages' tests show.
import type { Match } from '@tribuna/portal/types';

export const WOLVES = { id: 't-wolves', name: 'Северные волки', description: 'С севера', avatar_id: 'av1' };
export const BEARS = { id: 't-bears', name: 'Южные медведи', description: '' };

/** Match n: the Wolves at home to the Bears, created by u1. */
export function match(n: number, over: Partial<Match> = {}): Match {
  return {
    id: `m${n}`,
    owner_team_id: WOLVES.id,
    guest_team_id: BEARS.id,
    owner_team: WOLVES,
    guest_team: BEARS,
    match_time: '2026-12-05T15:30:00.000Z',
    creator_id: 'u1',
    create_time: '2026-11-20T09:00:00.000Z',
    update_time: '2026-11-20T09:00:00.000Z',
    result_state: 'none',
    ...over,
  };
}

/** count matches from n on, and the cursor of a page that more follow. */
export const page = (from: number, count: number, cursor?: string) => ({
  matches: Array.from({ length: count }, (_, i) => match(from + i)),
  ...(cursor ? { cursor } : {}),
});

// Who of the followed users is online: a map from user id to their online sessions, kept in the query
// cache by the socket's status events (shared/api/realtime.ts); no server call of its own.
import type { UserPresence } from '../../lib/nakama/socket.ts';

export type { UserPresence };

/** User id -> that user's online sessions (a user may be online from several). */
export type PresenceMap = Readonly<Record<string, readonly UserPresence[]>>;

export const presenceKey = ['presence'] as const;

/** The map once `userIds` are known to have exactly `presences` online (a follow's answer). */
export function withStatus(map: PresenceMap, userIds: readonly string[], presences: readonly UserPresence[]): PresenceMap {
  const next: Record<string, readonly UserPresence[]> = { ...map };
  for (const id of userIds) delete next[id];
  for (const p of presences) next[p.user_id] = [...(next[p.user_id] ?? []), p];
  return next;
}

/** The map after sessions came online (joins) and went offline (leaves). */
export function withPresenceEvent(map: PresenceMap, joins: readonly UserPresence[], leaves: readonly UserPresence[]): PresenceMap {
  const next: Record<string, readonly UserPresence[]> = { ...map };
  for (const p of leaves) {
    const left = (next[p.user_id] ?? []).filter((x) => x.session_id !== p.session_id);
    if (left.length) next[p.user_id] = left;
    else delete next[p.user_id];
  }
  for (const p of joins) next[p.user_id] = [...(next[p.user_id] ?? []).filter((x) => x.session_id !== p.session_id), p];
  return next;
}

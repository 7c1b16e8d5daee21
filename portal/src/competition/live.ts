// A match's live feed: the sockets watching a match sit on the match's module stream, and every event
// posted or deleted and every change of its result is sent on it as `stream_data`, JSON of
// {kind: 'event' | 'event_deleted' | 'result', match_id, ...}. The stream goes through the bus, so a
// watcher on any node hears a change made on any other. Watchers are hidden presences: joining and
// leaving tells nobody.
import { z } from 'zod';
import { failedPrecondition, notFound, type Nk, type NkStream } from '@tribuna/server';
import { rpc, uuid } from '../lib/rpc.ts';
import { getMatch, MATCH_NOT_FOUND, type Match } from '../matches/index.ts';
import type { MatchEvent } from './event-store.ts';

/** The stream mode of match feeds: one of the modes the server leaves to modules. */
const MATCH_FEED_MODE = 120;

const feed = (matchId: string): NkStream => ({ mode: MATCH_FEED_MODE, subject: matchId });

const SOCKET_ONLY = 'Следить за матчем можно только через соединение реального времени: вызовите watch_match по сокету.';

export type FeedMessage =
  | { kind: 'event'; match_id: string; event: MatchEvent; score: { home: number; guest: number } }
  | { kind: 'event_deleted'; match_id: string; id: string; score: { home: number; guest: number } }
  | ({ kind: 'result'; match_id: string } & Pick<Match, 'result_state' | 'home_score' | 'guest_score' | 'home_penalties' | 'guest_penalties'>);

/** Sends a message to the match's watchers; call it after the change is committed. */
export function publish(nk: Pick<Nk, 'streamSend'>, message: FeedMessage): void {
  nk.streamSend(feed(message.match_id), JSON.stringify(message));
}

/** The result part of a match, as the feed sends it. */
export function resultMessage(m: Match): FeedMessage {
  const { result_state, home_score, guest_score, home_penalties, guest_penalties } = m;
  return { kind: 'result', match_id: m.id, result_state, home_score, guest_score, home_penalties, guest_penalties };
}

export const liveRpcs = [
  // Any session, guests included, over the socket (a REST call has no socket to send to: 9). Puts the
  // calling socket on the match's feed until unwatch_match or until it closes; watching twice is one watch.
  rpc('watch_match', 'session', z.object({ match_id: uuid }), async ({ input, ctx, userId, nk }) => {
    if (!ctx.sessionId) throw failedPrecondition(SOCKET_ONLY);
    if (!(await getMatch(nk.db, input.match_id))) throw notFound(MATCH_NOT_FOUND);
    nk.streamUserJoin(userId, ctx.sessionId, feed(input.match_id.toLowerCase()), true, false);
    return {};
  }, { readOnly: true }),

  // Any session, over the socket: takes the calling socket off the match's feed (nothing when it was not on it).
  rpc('unwatch_match', 'session', z.object({ match_id: uuid }), async ({ input, ctx, userId, nk }) => {
    if (!ctx.sessionId) throw failedPrecondition(SOCKET_ONLY);
    nk.streamUserLeave(userId, ctx.sessionId, feed(input.match_id.toLowerCase()));
    return {};
  }, { readOnly: true }),
];

// The conformance module: the server-side fixtures the official client's own test suite expects
// (heroiclabs/nakama-js, packages/nakama-js-test), so that suite can run against this server. Loaded
// only when named: RUNTIME_MODULES=@tribuna/server/conformance (`npm run start:conformance`).
import { invalid } from '../errors.ts';
import type { Operator } from '../core/leaderboards.ts';
import type { RuntimeModule } from '../runtime/types.ts';
import { conformanceMatch } from './match.ts';

/** The custom stream clientrpc.send_stream_data puts the caller on. */
const STREAM = { mode: 20, label: 'Stream Data Test' };

function object(payload: string): Record<string, unknown> {
  let v: unknown;
  try {
    v = payload ? JSON.parse(payload) : {};
  } catch {
    throw invalid('The payload must be JSON.');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid('The payload must be a JSON object.');
  return v as Record<string, unknown>;
}

const conformance: RuntimeModule = {
  name: 'conformance',
  init(initializer, nk, logger) {
    initializer.registerRpc('clientrpc.rpc', (_ctx, payload) => payload);
    initializer.registerRpc('clientrpc.rpc_get', () => JSON.stringify({ message: 'PONG' }));
    initializer.registerRpc('clientrpc.send_notification', async (ctx, payload) => {
      const { user_id: userId } = object(payload);
      if (!nk.isUuid(userId)) throw invalid('user_id must be a user id.');
      await nk.notificationsSend([
        { userId, subject: "You've unlocked level 100!", content: { reward_coins: 1000 }, code: 1, senderId: ctx.userId ?? null, persistent: true },
      ]);
    });
    initializer.registerRpc('clientrpc.send_stream_data', (ctx, payload) => {
      if (!ctx.userId || !ctx.sessionId) throw invalid('Call this over the socket: it puts the socket on a stream.');
      nk.streamUserJoin(ctx.userId, ctx.sessionId, STREAM, false, false);
      nk.streamSend(STREAM, payload);
    });
    // A fresh non-authoritative descending board with the payload's operator; a refusal is logged, as upstream's fixture does.
    initializer.registerRpc('clientrpc.create_leaderboard', async (_ctx, payload) => {
      const { operator } = object(payload);
      const id = nk.uuid();
      try {
        await nk.leaderboardCreate(id, false, 'desc', operator as Operator);
      } catch (err) {
        logger.error('clientrpc.create_leaderboard failed', { err });
      }
      return JSON.stringify({ leaderboard_id: id });
    });
    // A fresh tournament from the payload's fields (upstream's numbers or names for sort order and operator).
    initializer.registerRpc('clientrpc.create_tournament', async (_ctx, payload) => {
      const a = object(payload);
      const num = (k: string, d = 0) => (typeof a[k] === 'number' ? a[k] : d);
      const sort = a.sort_order === 0 || a.sort_order === 'asc' ? 'asc' : 'desc';
      const op = typeof a.operator === 'number' ? (['best', 'set', 'incr', 'decr'] as const)[a.operator] : a.operator;
      const id = nk.uuid();
      await nk.tournamentCreate(id, a.authoritative === true, sort, (op ?? 'best') as Operator,
        typeof a.reset_schedule === 'string' && a.reset_schedule ? a.reset_schedule : null, {},
        typeof a.title === 'string' ? a.title : '', typeof a.description === 'string' ? a.description : '', num('category'),
        num('start_time'), num('end_time'), num('duration'), num('max_size'), num('max_num_score'), a.join_required === true);
      return JSON.stringify({ tournament_id: id });
    });
    initializer.registerRpc('clientrpc.delete_tournament', async (_ctx, payload) => {
      const { tournament_id: id } = object(payload);
      if (typeof id !== 'string') throw invalid('tournament_id must be text.');
      await nk.tournamentDelete(id);
    });
    initializer.registerRpc('clientrpc.addattempt_tournament', async (_ctx, payload) => {
      const { tournament_id: id, owner_id: owner, count } = object(payload);
      if (typeof id !== 'string' || typeof owner !== 'string' || typeof count !== 'number') throw invalid('tournament_id, owner_id and count are needed.');
      await nk.tournamentAddAttempt(id, owner, count);
    });
    initializer.registerMatch('match', conformanceMatch);
    initializer.registerRpc('clientrpc.create_authoritative_match', async (_ctx, payload) => {
      const { label } = object(payload);
      const matchId = await nk.matchCreate('match', typeof label === 'string' ? { label } : {});
      return JSON.stringify({ match_id: matchId });
    });
    // Two players who both ask for an authoritative match get one; everyone else plays relayed.
    initializer.registerMatchmakerMatched(async (matched) => {
      if (matched.length !== 2 || !matched.every((m) => m.properties.mode === 'authoritative')) return undefined;
      return nk.matchCreate('match', {});
    });
  },
};

export default conformance;

// A match's events: posted live by the managers of its teams, each for their own team (the tournament's
// creator for both), sent to the match's watchers after the commit; once the result is confirmed they
// are its report, and players' numbers are counted from them.
import { z } from 'zod';
import { failedPrecondition, invalid, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { rpc, uuid } from '../lib/rpc.ts';
import { getMatch, lockMatch, MATCH_NOT_FOUND, type Match } from '../matches/index.ts';
import { isManager } from '../teams/index.ts';
import { countEvents, deleteEvent, EVENT_TYPES, getEvent, insertEvent, listEvents, MAX_EVENTS, runningScore, type NewEvent } from './event-store.ts';
import { publish } from './live.ts';
import { recountPlayers } from './stats-store.ts';

const EVENT_NOT_FOUND = 'Событие матча не найдено.';
const POSTERS_ONLY = 'События команды в матче добавляет и удаляет владелец или администратор этой команды либо организатор турнира.';
const NOT_IN_MATCH = 'team_id: эта команда не играет в матче.';
const NOT_ON_TEAM = 'Игрок не состоит в команде, указанной в событии.';
const TOO_MANY = `В матче уже ${MAX_EVENTS} событий: больше добавить нельзя.`;

const MINUTE = 'ожидалось целое число от 0 до 130.';
const minute = z.number({ error: MINUTE }).int(MINUTE).min(0, MINUTE).max(130, MINUTE);
const type = z.enum(EVENT_TYPES, {
  error: "ожидалось 'goal', 'own_goal', 'penalty_goal', 'yellow', 'red', 'sub', 'period_start' или 'period_end'.",
});

/** Which players each type names: required, allowed or not at all. */
const PLAYERS: Record<NewEvent['type'], { player: 'required' | 'optional' | 'none'; assist: boolean; out: boolean }> = {
  goal: { player: 'optional', assist: true, out: false },
  own_goal: { player: 'optional', assist: false, out: false },
  penalty_goal: { player: 'optional', assist: false, out: false },
  yellow: { player: 'required', assist: false, out: false },
  red: { player: 'required', assist: false, out: false },
  sub: { player: 'required', assist: false, out: true },
  period_start: { player: 'none', assist: false, out: false },
  period_end: { player: 'none', assist: false, out: false },
};

function checkPlayers(e: NewEvent): void {
  const rule = PLAYERS[e.type];
  if (rule.player === 'required' && !e.player_id) throw invalid('player_id: укажите игрока.');
  if (rule.player === 'none' && e.player_id) throw invalid('player_id: у этого события нет игрока.');
  if (!rule.assist && e.assist_player_id) throw invalid('assist_player_id: голевой передачей отмечают только гол с игры.');
  if (rule.out && !e.player_out_id) throw invalid('player_out_id: укажите игрока, которого заменили.');
  if (!rule.out && e.player_out_id) throw invalid('player_out_id: заменённого игрока указывают только у замены.');
  const named = [e.player_id, e.assist_player_id, e.player_out_id].filter(Boolean);
  if (new Set(named).size !== named.length) throw invalid('Один и тот же игрок указан в событии дважды.');
}

/** Each player named must be a confirmed player of the team. */
async function requireOnTeam(q: Queryable, teamId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM team_player WHERE team_id = $1 AND player_id = ANY($2::uuid[]) AND is_confirmed',
    [teamId, ids],
  );
  if (rows[0].n !== ids.length) throw invalid(NOT_ON_TEAM);
}

/** A manager of the team, or the creator of the match's tournament. */
async function requirePoster(q: Queryable, match: Match, teamId: string, userId: string): Promise<void> {
  if (await isManager(q, teamId, userId)) return;
  if (match.tournament_id) {
    const rows = await q.query<{ creator_id: string }>('SELECT creator_id FROM tournament WHERE id = $1', [match.tournament_id]);
    if (rows[0]?.creator_id === userId) return;
  }
  throw permissionDenied(POSTERS_ONLY);
}

const named = (e: { player_id?: string; assist_player_id?: string; player_out_id?: string }) =>
  [e.player_id, e.assist_player_id, e.player_out_id].filter((id): id is string => !!id);

export const eventRpcs = [
  // A manager of the event's team (one of the match's two), or the tournament's creator. The players
  // named must be confirmed players of that team: the scorer, the assistant (goals from play only), the
  // booked player, the player coming on and the one going off (substitutions). At most 300 a match.
  rpc(
    'add_match_event',
    'registered',
    z.object({
      match_id: uuid,
      minute,
      type,
      team_id: uuid,
      player_id: uuid.optional(),
      assist_player_id: uuid.optional(),
      player_out_id: uuid.optional(),
    }),
    async ({ input, userId, nk }) =>
      nk.tx(async (tnk) => {
        const q = tnk.db;
        // Locked: a result confirmed meanwhile counts this event, or this event sees it confirmed.
        await lockMatch(q, input.match_id);
        const match = await getMatch(q, input.match_id);
        if (!match) throw notFound(MATCH_NOT_FOUND);
        const e: NewEvent = { ...input, team_id: input.team_id.toLowerCase() };
        if (e.team_id !== match.owner_team_id && e.team_id !== match.guest_team_id) throw invalid(NOT_IN_MATCH);
        await requirePoster(q, match, e.team_id, userId);
        checkPlayers(e);
        await requireOnTeam(q, e.team_id, named(e));
        if ((await countEvents(q, match.id)) >= MAX_EVENTS) throw failedPrecondition(TOO_MANY);
        const event = await insertEvent(q, nk.uuid(), userId, e);
        if (match.result_state === 'confirmed') await recountPlayers(q, named(event));
        const score = runningScore(await listEvents(q, match.id), match.owner_team_id);
        tnk.afterCommit(() => publish(nk, { kind: 'event', match_id: match.id, event, score }));
        return event;
      }),
    { limit: 'write' },
  ),

  // The same people as add_match_event, for the event's team.
  rpc('delete_match_event', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) =>
    nk.tx(async (tnk) => {
      const q = tnk.db;
      const found = await getEvent(q, input.id);
      if (!found) throw notFound(EVENT_NOT_FOUND);
      await lockMatch(q, found.match_id);
      const match = await getMatch(q, found.match_id);
      const event = await getEvent(q, input.id);
      if (!match || !event) throw notFound(EVENT_NOT_FOUND);
      await requirePoster(q, match, event.team_id, userId);
      await deleteEvent(q, event.id);
      if (match.result_state === 'confirmed') await recountPlayers(q, named(event));
      const score = runningScore(await listEvents(q, match.id), match.owner_team_id);
      tnk.afterCommit(() => publish(nk, { kind: 'event_deleted', match_id: match.id, id: event.id, score }));
      return {};
    }), { limit: 'write' }),

  // Anyone: the match's events in minute order (then as posted), at most 300.
  rpc('list_match_events', 'public', z.object({ match_id: uuid }), async ({ input, nk }) => {
    if (!(await getMatch(nk.db, input.match_id))) throw notFound(MATCH_NOT_FOUND);
    return { events: await listEvents(nk.db, input.match_id) };
  }),
];

// Matches: between two existing teams, scheduled by a manager (owner or admin) of either, visible to
// everyone, changed and deleted by their creator or a manager of either team (see access.ts).
import { z } from 'zod';
import { failedPrecondition, invalid, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { cursor, directionField, instantField, limit, rpc, uuid } from '../lib/rpc.ts';
import { requireNotPast } from '../lib/not-past.ts';
import { teamExists } from '../teams/index.ts';
import { CREATORS_ONLY, editable, managesEither, MATCH_NOT_FOUND, sidesOf, TEAMS_OF_MANAGER, tellOtherSides } from './access.ts';
import { matchLife } from './life.ts';
import { createMatch, deleteMatch, getMatch, listMatches, listMyMatches, lockMatch, updateMatch } from './store.ts';

const SAME_TEAMS = 'guest_team_id: команда гостей должна отличаться от команды хозяев.';
const IN_THE_PAST = 'Время матча не может быть в прошлом.';
/** Deep offsets cost a scan of every row skipped; beyond this a client pages with the cursor. */
const MAX_OFFSET = 10_000;
/** The longest period list_my_matches answers for: two months, for a calendar's month and its edges. */
const MAX_MY_RANGE_DAYS = 62;

const period = z.enum(['upcoming', 'past'], { error: "ожидалось 'upcoming' (предстоящие) или 'past' (прошедшие)." });

/** Whether two ids name the same row (a UUID may be written in either case). */
const same = (a: string | undefined, b: string | undefined) => a?.toLowerCase() === b?.toLowerCase();

/** Each team given must exist: a match is created or moved between existing teams only. */
async function requireTeams(db: Queryable, teams: { owner_team_id?: string; guest_team_id?: string }): Promise<void> {
  if (teams.owner_team_id && !(await teamExists(db, teams.owner_team_id))) throw notFound('Команда хозяев не найдена.');
  if (teams.guest_team_id && !(await teamExists(db, teams.guest_team_id))) throw notFound('Команда гостей не найдена.');
}

const later = (a: Date | undefined, b: Date) => (a && a > b ? a : b);
const earlier = (a: Date | undefined, b: Date) => (a && a < b ? a : b);

export const matchRpcs = [
  // A manager of the home or the guest team, between two different existing teams, not in the past (a
  // minute of clock skew allowed). The caller is the creator (a creator_id in the payload is ignored); the
  // managers of the team they do not manage are notified with the match (nobody when they manage both).
  rpc(
    'create_match',
    'registered',
    z.object({ owner_team_id: uuid, guest_team_id: uuid, match_time: instantField }),
    async ({ input, userId, nk }) => {
      if (same(input.owner_team_id, input.guest_team_id)) throw invalid(SAME_TEAMS);
      await requireTeams(nk.db, input);
      const sides = await sidesOf(nk.db, input.owner_team_id, input.guest_team_id, userId);
      if (!managesEither(sides)) throw permissionDenied(CREATORS_ONLY);
      requireNotPast(input.match_time, IN_THE_PAST);
      return nk.tx(async (tnk) => {
        const match = await createMatch(tnk.db, nk.uuid(), userId, input);
        await tellOtherSides(tnk, match, [sides.home, sides.guest].filter((s) => !s.managed).map((s) => s.id), userId);
        return match;
      });
    },
    { limit: 'create' },
  ),

  // Anyone.
  rpc('get_match', 'public', z.object({ id: uuid }), async ({ input, nk }) => {
    const match = await getMatch(nk.db, input.id);
    if (!match) throw notFound(MATCH_NOT_FOUND);
    return match;
  }),

  // The creator, or a manager of either current team. Omitted fields stay; the time may move anywhere, the
  // past included; a tournament's match keeps its teams (its schedule or bracket sets them). A team put in
  // the match must exist, the two must still differ, and the caller must manage one of the teams it then
  // has; the managers of a team put in it (one the caller does not manage) are notified as on creation.
  rpc(
    'update_match',
    'registered',
    z.object({ id: uuid, owner_team_id: uuid.optional(), guest_team_id: uuid.optional(), match_time: instantField.optional() }),
    async ({ input, userId, nk }) => {
      const { id, ...changes } = input;
      return nk.tx(async (tnk) => {
        const q = tnk.db;
        // Locked: a concurrent change of the other team cannot make the two equal behind this check.
        await lockMatch(q, id);
        const match = await editable(q, id, userId);
        const home = changes.owner_team_id ?? match.owner_team_id;
        const guest = changes.guest_team_id ?? match.guest_team_id;
        if (same(home, guest)) throw invalid(SAME_TEAMS);
        if (match.tournament_id && (!same(home, match.owner_team_id) || !same(guest, match.guest_team_id))) {
          throw failedPrecondition('Команды матча турнира задаёт расписание или сетка турнира.');
        }
        await requireTeams(q, {
          owner_team_id: same(home, match.owner_team_id) ? undefined : home,
          guest_team_id: same(guest, match.guest_team_id) ? undefined : guest,
        });
        // Teams that were not in the match before (swapping home and guest brings none).
        const joined = (t: string) => !same(t, match.owner_team_id) && !same(t, match.guest_team_id);
        let newcomers: string[] = [];
        if (joined(home) || joined(guest)) {
          const sides = await sidesOf(q, home, guest, userId);
          if (!managesEither(sides)) throw permissionDenied(TEAMS_OF_MANAGER);
          newcomers = [sides.home, sides.guest].filter((s) => joined(s.id) && !s.managed).map((s) => s.id);
        }
        const updated = (await updateMatch(q, id, changes))!;
        await tellOtherSides(tnk, updated, newcomers, userId);
        return updated;
      });
    },
    { limit: 'write' },
  ),

  // The creator, or a manager of either team; a tournament's match only its creator, and a cup's match
  // not at all (its bracket is built anew instead). Its events go with it; if its result was confirmed,
  // the players named in them are recounted (a step of the match's life, registered by competition).
  rpc('delete_match', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await nk.db.tx(async (q) => {
      await lockMatch(q, input.id);
      const match = await editable(q, input.id, userId);
      if (match.tournament_id) {
        const [t] = await q.query<{ creator_id: string }>('SELECT creator_id FROM tournament WHERE id = $1', [match.tournament_id]);
        if (t?.creator_id !== userId) throw permissionDenied('Матч турнира удаляет только организатор турнира.');
        if (match.bracket_slot !== undefined) throw failedPrecondition('Матч кубковой сетки удалить нельзя: постройте сетку заново.');
      }
      const afterDelete = await matchLife.matchDeleting(q, match);
      await deleteMatch(q, input.id);
      await afterDelete();
    });
    return {};
  }, { limit: 'write' }),

  // Anyone. By match_time; from_time inclusive, to_time exclusive. period 'upcoming' keeps the matches
  // from now on (soonest first unless sort_order says otherwise), 'past' those before now (newest first);
  // without a period, newest first unless sort_order is 'asc'. owner_team_id and guest_team_id equal mean
  // that team on either side, as team_id does. Pages by offset (at most 10,000) or by the cursor answered
  // while more follow (the cursor keeps a period's pages exact while matches pass from upcoming to past).
  rpc(
    'list_matches',
    'public',
    z.object({
      limit: limit(20),
      offset: z.number().int().min(0).max(MAX_OFFSET, `не больше ${MAX_OFFSET}; дальше листайте по cursor.`).default(0),
      cursor,
      owner_team_id: uuid.optional(),
      guest_team_id: uuid.optional(),
      team_id: uuid.optional(),
      from_time: instantField.optional(),
      to_time: instantField.optional(),
      period: period.optional(),
      sort_order: directionField.optional(),
    }),
    async ({ input, nk }) => {
      const either = input.owner_team_id !== undefined && same(input.owner_team_id, input.guest_team_id);
      if (either && input.team_id !== undefined && !same(input.team_id, input.owner_team_id)) return { matches: [] };
      const now = new Date();
      return listMatches(nk.db, {
        ownerTeamId: either ? undefined : input.owner_team_id,
        guestTeamId: either ? undefined : input.guest_team_id,
        teamId: either ? input.owner_team_id : input.team_id,
        fromTime: input.period === 'upcoming' ? later(input.from_time, now) : input.from_time,
        toTime: input.period === 'past' ? earlier(input.to_time, now) : input.to_time,
        dir: input.sort_order ?? (input.period === 'upcoming' ? 'asc' : 'desc'),
        limit: input.limit,
        offset: input.offset,
        cursor: input.cursor || undefined,
      });
    },
  ),

  // A signed-in user: the matches of their teams (created, or with a confirmed player of theirs) from
  // from_time (inclusive) to to_time, by time, for the personal schedule; at most 62 days and 200 matches.
  rpc(
    'list_my_matches',
    'session',
    z.object({ from_time: instantField, to_time: instantField }),
    async ({ input, userId, nk }) => {
      const days = (input.to_time.getTime() - input.from_time.getTime()) / 86_400_000;
      if (days <= 0) throw invalid('to_time: должно быть позже from_time.');
      if (days > MAX_MY_RANGE_DAYS) throw invalid(`Период не может быть больше ${MAX_MY_RANGE_DAYS} дней.`);
      return { matches: await listMyMatches(nk.db, userId, input.from_time, input.to_time) };
    },
  ),
];

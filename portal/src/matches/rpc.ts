// Matches: created by registered users between two existing teams, visible to everyone, changed and
// deleted by their creator or a manager (owner or admin) of the home team.
import { z } from 'zod';
import { invalid, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { cursor, directionField, instantField, limit, rpc, uuid, type RpcDef } from '../lib/rpc.ts';
import { isManager } from '../teams/access.ts';
import { teamExists } from '../teams/store.ts';
import { createMatch, deleteMatch, getMatch, listMatches, listMyMatches, lockMatch, updateMatch, type Match } from './store.ts';

const MATCH_NOT_FOUND = 'Матч не найден.';
const SAME_TEAMS = 'guest_team_id: команда гостей должна отличаться от команды хозяев.';
/** Deep offsets cost a scan of every row skipped; beyond this a client pages with the cursor. */
const MAX_OFFSET = 10_000;
/** The longest period list_my_matches answers for: two months, for a calendar's month and its edges. */
const MAX_MY_RANGE_DAYS = 62;

/** Whether two ids name the same row (a UUID may be written in either case). */
const same = (a: string | undefined, b: string | undefined) => a?.toLowerCase() === b?.toLowerCase();

/** Each team given must exist: a match is created or moved between existing teams only. */
async function requireTeams(db: Queryable, teams: { owner_team_id?: string; guest_team_id?: string }): Promise<void> {
  if (teams.owner_team_id && !(await teamExists(db, teams.owner_team_id))) throw notFound('Команда хозяев не найдена.');
  if (teams.guest_team_id && !(await teamExists(db, teams.guest_team_id))) throw notFound('Команда гостей не найдена.');
}

/** The match, for its creator or a manager of its home team (while that team exists). */
async function editable(db: Queryable, id: string, userId: string): Promise<Match> {
  const match = await getMatch(db, id);
  if (!match) throw notFound(MATCH_NOT_FOUND);
  if (match.creator_id !== userId && !(await isManager(db, match.owner_team_id, userId))) {
    throw permissionDenied('Изменять и удалять матч может только его создатель или владелец либо администратор команды хозяев.');
  }
  return match;
}

export const matchRpcs: RpcDef[] = [
  // Registered users, between any two different existing teams; the caller is the creator (a creator_id
  // in the payload is ignored). A match may be in the past (a result being recorded).
  rpc(
    'create_match',
    'registered',
    z.object({ owner_team_id: uuid, guest_team_id: uuid, match_time: instantField }),
    async ({ input, userId, nk }) => {
      if (same(input.owner_team_id, input.guest_team_id)) throw invalid(SAME_TEAMS);
      await requireTeams(nk.db, input);
      return createMatch(nk.db, nk.uuid(), userId, input);
    },
    { limit: 'create' },
  ),

  // Anyone.
  rpc('get_match', 'public', z.object({ id: uuid }), async ({ input, nk }) => {
    const match = await getMatch(nk.db, input.id);
    if (!match) throw notFound(MATCH_NOT_FOUND);
    return match;
  }),

  // The creator, or a manager of the current home team. Omitted fields stay; a new team must exist and
  // the two must still differ.
  rpc(
    'update_match',
    'registered',
    z.object({ id: uuid, owner_team_id: uuid.optional(), guest_team_id: uuid.optional(), match_time: instantField.optional() }),
    async ({ input, userId, nk }) => {
      const { id, ...changes } = input;
      return nk.db.tx(async (q) => {
        // Locked: a concurrent change of the other team cannot make the two equal behind this check.
        await lockMatch(q, id);
        const match = await editable(q, id, userId);
        if (same(changes.owner_team_id ?? match.owner_team_id, changes.guest_team_id ?? match.guest_team_id)) throw invalid(SAME_TEAMS);
        await requireTeams(q, {
          owner_team_id: same(changes.owner_team_id, match.owner_team_id) ? undefined : changes.owner_team_id,
          guest_team_id: same(changes.guest_team_id, match.guest_team_id) ? undefined : changes.guest_team_id,
        });
        return (await updateMatch(q, id, changes))!;
      });
    },
    { limit: 'write' },
  ),

  // The creator, or a manager of the home team.
  rpc('delete_match', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await editable(nk.db, input.id, userId);
    await deleteMatch(nk.db, input.id);
    return {};
  }, { limit: 'write' }),

  // Anyone. By match_time (newest first unless sort_order is 'asc'); from_time inclusive, to_time
  // exclusive. owner_team_id and guest_team_id equal mean that team on either side, as team_id does.
  // Pages by offset (at most 10,000) or by the cursor answered while more follow.
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
      sort_order: directionField.default('desc'),
    }),
    async ({ input, nk }) => {
      const either = input.owner_team_id !== undefined && same(input.owner_team_id, input.guest_team_id);
      if (either && input.team_id !== undefined && !same(input.team_id, input.owner_team_id)) return { matches: [] };
      return listMatches(nk.db, {
        ownerTeamId: either ? undefined : input.owner_team_id,
        guestTeamId: either ? undefined : input.guest_team_id,
        teamId: either ? input.owner_team_id : input.team_id,
        fromTime: input.from_time,
        toTime: input.to_time,
        dir: input.sort_order,
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

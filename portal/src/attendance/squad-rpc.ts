// Squads: a team's managers pick the players for a match from its confirmed roster (usually those whose
// owners answered «Приду»; anyone else is allowed, with a warning); everyone sees the squads, and only the
// team's members see the answers and warnings. The squad is the match's appearances (squadAppearances).
import { z } from 'zod';
import { invalid, type Queryable } from '@tribuna/server';
import { recountPlayers } from '../competition/index.ts';
import { rpc, uuid } from '../lib/rpc.ts';
import { lockMatch } from '../matches/index.ts';
import { replaceSquad, rosterPlayers, rosterPlayersOf, squadsOf, type RosterPlayer, type SquadPlayer } from './squad-store.ts';
import { actingTeam, loadTarget, standingIn, type Target } from './targets.ts';

/** More than a match day's squad of any format, with every substitute. */
const MAX_SQUAD = 60;
const ids = z.array(uuid).max(MAX_SQUAD, `не больше ${MAX_SQUAD} игроков.`);

const unique = (list: string[]) => new Set(list.map((x) => x.toLowerCase())).size === list.length;

/** The squad's players from the input's player ids or user ids, in the order given; refuses anyone not on the team's roster. */
async function pick(q: Queryable, teamId: string, input: { player_ids?: string[]; user_ids?: string[] }): Promise<RosterPlayer[]> {
  if ((input.player_ids === undefined) === (input.user_ids === undefined)) throw invalid('Укажите игроков списком player_ids или пользователей списком user_ids.');
  if (input.player_ids) {
    if (!unique(input.player_ids)) throw invalid('player_ids: игрок указан дважды.');
    const found = new Map((await rosterPlayers(q, teamId, input.player_ids)).map((p) => [p.player_id.toLowerCase(), p]));
    return input.player_ids.map((id) => {
      const p = found.get(id.toLowerCase());
      if (!p) throw invalid('player_ids: игрок не в составе команды.');
      return p;
    });
  }
  const users = input.user_ids!;
  if (!unique(users)) throw invalid('user_ids: пользователь указан дважды.');
  const players = await rosterPlayersOf(q, teamId, users);
  return users.map((id) => {
    const own = players.filter((p) => p.user_id.toLowerCase() === id.toLowerCase());
    if (own.length === 0) throw invalid('user_ids: у пользователя нет игрока в составе команды.');
    if (own.length > 1) throw invalid('user_ids: у пользователя несколько игроков в команде — выберите игроков списком player_ids.');
    return own[0];
  });
}

/** What a viewer sees of a squad: the answers and warnings only when they are a member of its team. */
const shown = (players: SquadPlayer[], member: boolean): SquadPlayer[] =>
  players.map((p) => {
    const { status, ...rest } = p;
    return member ? { ...rest, status: status ?? null, warning: status !== 'yes' } : rest;
  });

async function matchOf(q: Queryable, matchId: string): Promise<Target> {
  return loadTarget(q, 'match', matchId);
}

export const squadRpcs = [
  // Managers of team_id, one of the match's teams. Replaces the team's squad with the players given
  // (player_ids of its confirmed roster, or user_ids each with one player there), in that order; [] clears
  // it. The answer warns of every player whose owner did not answer «Приду» (warnings: their count).
  rpc(
    'set_match_squad',
    'registered',
    z.object({ match_id: uuid, team_id: uuid, player_ids: ids.optional(), user_ids: ids.optional() }),
    async ({ input, userId, nk }) => {
      const match = await matchOf(nk.db, input.match_id);
      const teamId = await actingTeam(nk.db, match, userId, input.team_id, 'manager');
      const players = await nk.db.tx(async (q) => {
        // Locked: two managers saving at once replace the squad one after the other.
        await lockMatch(q, match.id);
        const picked = await pick(q, teamId, input);
        const before = await replaceSquad(q, match.id, teamId, picked);
        // The squad is the match's appearances: the totals of who left it and who came in are counted again.
        await recountPlayers(q, [...before, ...picked.map((p) => p.player_id)]);
        return (await squadsOf(q, match.id, teamId)).get(teamId) ?? [];
      });
      const list = shown(players, true);
      return { match_id: match.id, team_id: teamId, players: list, warnings: list.filter((p) => p.warning).length };
    },
    { limit: 'write' },
  ),

  // Anyone: the squads of the match (of team_id when given), each in its order. The players' answers and
  // warnings are there for the members of that team only.
  rpc('get_match_squad', 'public', z.object({ match_id: uuid, team_id: uuid.optional() }), async ({ input, userId, nk }) => {
    const match = await matchOf(nk.db, input.match_id);
    const teams = input.team_id ? match.teamIds.filter((t) => t.toLowerCase() === input.team_id!.toLowerCase()) : match.teamIds;
    if (!teams.length) throw invalid('team_id: команда не участвует в этом матче.');
    const squads = await squadsOf(nk.db, match.id, input.team_id ? teams[0] : undefined);
    return {
      match_id: match.id,
      squads: await Promise.all(teams.map(async (teamId) => {
        const member = !!userId && (await standingIn(nk.db, teamId, userId)).member;
        return { team_id: teamId, players: shown(squads.get(teamId) ?? [], member) };
      })),
    };
  }),
];

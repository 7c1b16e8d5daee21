// Squads' SQL (match_squad, migrations/0040_attendance.sql): a team's players picked for a match, in order,
// with each player's owner's answer to the match, which the pickers are warned about.
import type { Queryable } from '@tribuna/server';
import type { Status } from './store.ts';

/** A player of the team's roster, as a squad may take them. */
export interface RosterPlayer {
  player_id: string;
  /** The player's owner (the user who answers for them). */
  user_id: string;
  number: number;
}

export interface SquadPlayer {
  player_id: string;
  number: number | null;
  first_name: string;
  middle_name?: string;
  last_name: string;
  avatar_id?: string;
  /** The player's owner. */
  user_id: string;
  /** Their answer to the match for this team, shown to the team's members only. */
  status?: Status | null;
  /** Set (for the team's members) when the owner did not answer «Приду»: picked all the same. */
  warning?: boolean;
}

/** The confirmed players of a team among `playerIds`. */
export async function rosterPlayers(q: Queryable, teamId: string, playerIds: string[]): Promise<RosterPlayer[]> {
  return q.query<RosterPlayer>(
    `SELECT player_id, user_id, number FROM team_player WHERE team_id = $1 AND is_confirmed AND player_id = ANY($2::uuid[])`,
    [teamId, playerIds],
  );
}

/** The confirmed players of a team owned by `userIds`. */
export async function rosterPlayersOf(q: Queryable, teamId: string, userIds: string[]): Promise<RosterPlayer[]> {
  return q.query<RosterPlayer>(
    `SELECT player_id, user_id, number FROM team_player WHERE team_id = $1 AND is_confirmed AND user_id = ANY($2::uuid[])`,
    [teamId, userIds],
  );
}

/** Replaces the team's squad for the match with these players, in this order. */
/** Replaces a team's squad; answers the players it had, whose appearances may have changed too. */
export async function replaceSquad(q: Queryable, matchId: string, teamId: string, players: RosterPlayer[]): Promise<string[]> {
  const gone = await q.query<{ player_id: string }>(
    'DELETE FROM match_squad WHERE match_id = $1 AND team_id = $2 RETURNING player_id',
    [matchId, teamId],
  );
  const before = gone.map((r) => r.player_id);
  if (!players.length) return before;
  await q.execute(
    `INSERT INTO match_squad (match_id, team_id, player_id, number, position)
     SELECT $1, $2, p.player_id, p.number, p.position - 1
     FROM unnest($3::uuid[], $4::smallint[]) WITH ORDINALITY AS p (player_id, number, position)`,
    [matchId, teamId, players.map((p) => p.player_id), players.map((p) => p.number)],
  );
  return before;
}

interface Row {
  team_id: string;
  player_id: string;
  number: number | null;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  avatar_id: string | null;
  user_id: string;
  status: Status | null;
}

/** The squads of a match (of one team when given), each in its order, with each owner's answer for that team. */
export async function squadsOf(q: Queryable, matchId: string, teamId?: string): Promise<Map<string, SquadPlayer[]>> {
  const rows = await q.query<Row>(
    `SELECT s.team_id, s.player_id, s.number, p.first_name, p.middle_name, p.last_name, p.avatar_id, p.creator_id AS user_id, a.status
     FROM match_squad s
     JOIN player p ON p.id = s.player_id
     LEFT JOIN attendance a ON a.match_id = s.match_id AND a.team_id = s.team_id AND a.user_id = p.creator_id
     WHERE s.match_id = $1 AND ($2::uuid IS NULL OR s.team_id = $2)
     ORDER BY s.team_id, s.position`,
    [matchId, teamId ?? null],
  );
  const out = new Map<string, SquadPlayer[]>();
  for (const r of rows) {
    const p: SquadPlayer = { player_id: r.player_id, number: r.number, first_name: r.first_name, last_name: r.last_name, user_id: r.user_id, status: r.status };
    if (r.middle_name) p.middle_name = r.middle_name;
    if (r.avatar_id) p.avatar_id = r.avatar_id;
    let list = out.get(r.team_id);
    if (!list) out.set(r.team_id, (list = []));
    list.push(p);
  }
  return out;
}

/**
 * The appearances of a match: each picked player with the team they were picked for. Player statistics
 * count a player's appearances by joining match_squad (match_id, player_id; index match_squad_player_idx
 * for one player) with the matches whose results they take.
 * @internal
 */
export async function squadAppearances(q: Queryable, matchId: string): Promise<{ player_id: string; team_id: string }[]> {
  return q.query<{ player_id: string; team_id: string }>(
    'SELECT player_id, team_id FROM match_squad WHERE match_id = $1 ORDER BY team_id, position',
    [matchId],
  );
}

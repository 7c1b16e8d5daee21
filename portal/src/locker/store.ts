// Locker room SQL: formations and player positions (see migrations/0006_locker.sql).
// Callers change a team's formations under lockTeam, so "at least one, exactly one default" holds.
import type { Queryable } from '@tribuna/server';

export interface Formation {
  id: string;
  teamId: string;
  name: string;
  isDefault: boolean;
  createTime: string;
}

export interface Position {
  id: string;
  teamId: string;
  formationId: string;
  playerId: string;
  x: number;
  y: number;
}

interface FormationRow {
  id: string;
  team_id: string;
  name: string;
  is_default: boolean;
  create_time: Date;
}

interface PositionRow {
  id: string;
  team_id: string;
  formation_id: string;
  player_id: string;
  x: number;
  y: number;
}

const FORMATION = 'id, team_id, name, is_default, create_time';
const POSITION = 'id, team_id, formation_id, player_id, x, y';

const toFormation = (r: FormationRow): Formation => ({
  id: r.id,
  teamId: r.team_id,
  name: r.name,
  isDefault: r.is_default,
  createTime: r.create_time.toISOString(),
});

const toPosition = (r: PositionRow): Position => ({
  id: r.id,
  teamId: r.team_id,
  formationId: r.formation_id,
  playerId: r.player_id,
  x: Number(r.x),
  y: Number(r.y),
});

/** The default formation a new team starts with. */
export const DEFAULT_FORMATION = 'default';

/** Unsets the team's other defaults first: the partial unique index allows one default per team. */
async function makeDefault(q: Queryable, teamId: string, id: string): Promise<void> {
  await q.execute(
    'UPDATE team_formation SET is_default = false, update_time = now() WHERE team_id = $1 AND is_default AND id <> $2',
    [teamId, id],
  );
  await q.execute('UPDATE team_formation SET is_default = true, update_time = now() WHERE id = $1 AND NOT is_default', [id]);
}

export async function createFormation(q: Queryable, id: string, teamId: string, name: string, isDefault: boolean): Promise<Formation> {
  await q.execute('INSERT INTO team_formation (id, team_id, name) VALUES ($1, $2, $3)', [id, teamId, name]);
  if (isDefault) await makeDefault(q, teamId, id);
  return (await getFormation(q, id))!;
}

export async function getFormation(q: Queryable, id: string): Promise<Formation | undefined> {
  const rows = await q.query<FormationRow>(`SELECT ${FORMATION} FROM team_formation WHERE id = $1`, [id]);
  return rows.length ? toFormation(rows[0]) : undefined;
}

export async function updateFormation(q: Queryable, f: Formation, name: string | undefined, isDefault: boolean | undefined): Promise<Formation> {
  if (name !== undefined) {
    await q.execute('UPDATE team_formation SET name = $2, update_time = now() WHERE id = $1', [f.id, name]);
  }
  if (isDefault) await makeDefault(q, f.teamId, f.id);
  return (await getFormation(q, f.id))!;
}

/** Deletes a formation and its positions; the oldest remaining one becomes the default if it was. False when it is the last. */
export async function deleteFormation(q: Queryable, f: Formation): Promise<boolean> {
  const others = await q.query<{ id: string }>(
    'SELECT id FROM team_formation WHERE team_id = $1 AND id <> $2 ORDER BY create_time, id LIMIT 1',
    [f.teamId, f.id],
  );
  if (!others.length) return false;
  await q.execute('DELETE FROM team_formation WHERE id = $1', [f.id]);
  if (f.isDefault) await makeDefault(q, f.teamId, others[0].id);
  return true;
}

/** Default first, then in creation order. */
export async function listFormations(q: Queryable, teamId: string): Promise<Formation[]> {
  const rows = await q.query<FormationRow>(
    `SELECT ${FORMATION} FROM team_formation WHERE team_id = $1 ORDER BY is_default DESC, create_time, id`,
    [teamId],
  );
  return rows.map(toFormation);
}

/** A player's membership of a team: 'confirmed', 'unconfirmed' or undefined when not on it. */
export async function membership(q: Queryable, teamId: string, playerId: string): Promise<'confirmed' | 'unconfirmed' | undefined> {
  const rows = await q.query<{ is_confirmed: boolean }>(
    'SELECT is_confirmed FROM team_player WHERE team_id = $1 AND player_id = $2',
    [teamId, playerId],
  );
  if (!rows.length) return undefined;
  return rows[0].is_confirmed ? 'confirmed' : 'unconfirmed';
}

export async function createPosition(
  q: Queryable,
  p: { id: string; teamId: string; formationId: string; playerId: string; x: number; y: number },
): Promise<Position> {
  const rows = await q.query<PositionRow>(
    `INSERT INTO team_player_position (id, team_id, formation_id, player_id, x, y) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${POSITION}`,
    [p.id, p.teamId, p.formationId, p.playerId, p.x, p.y],
  );
  return toPosition(rows[0]);
}

export async function getPosition(q: Queryable, id: string): Promise<Position | undefined> {
  const rows = await q.query<PositionRow>(`SELECT ${POSITION} FROM team_player_position WHERE id = $1`, [id]);
  return rows.length ? toPosition(rows[0]) : undefined;
}

export async function movePosition(q: Queryable, id: string, x: number, y: number): Promise<Position | undefined> {
  const rows = await q.query<PositionRow>(
    `UPDATE team_player_position SET x = $2, y = $3, update_time = now() WHERE id = $1 RETURNING ${POSITION}`,
    [id, x, y],
  );
  return rows.length ? toPosition(rows[0]) : undefined;
}

export async function deletePosition(q: Queryable, id: string): Promise<boolean> {
  return (await q.execute('DELETE FROM team_player_position WHERE id = $1', [id])) > 0;
}

export async function listPositions(q: Queryable, teamId: string, formationId: string): Promise<Position[]> {
  const rows = await q.query<PositionRow>(
    `SELECT ${POSITION} FROM team_player_position WHERE formation_id = $1 AND team_id = $2 ORDER BY create_time, id`,
    [formationId, teamId],
  );
  return rows.map(toPosition);
}

// Who may do what with a team. The owner is the team's creator; admins are users with a confirmed
// player in the team whose team_role is 1; members are users with a confirmed player in the team.
import { notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { teamExists } from './store.ts';

export const TEAM_NOT_FOUND = 'Команда не найдена.';

export const TeamRole = { Player: 0, Admin: 1 } as const;

export interface TeamAccess {
  teamId: string;
  creatorId: string;
  teamType: number;
  isOwner: boolean;
  isAdmin: boolean;
  isMember: boolean;
  /** Owner or admin: edits the team, its roster, locker room, calendar, photos and videos. */
  canManage: boolean;
}

/** The caller's standing in a team; NotFound when the team does not exist. userId '' is a visitor. */
export async function teamAccess(db: Queryable, teamId: string, userId: string): Promise<TeamAccess> {
  const rows = await db.query<{ creator_id: string; team_type: number; is_member: boolean; is_admin: boolean }>(
    `SELECT t.creator_id, t.team_type,
            COALESCE(bool_or(tp.is_confirmed), false) AS is_member,
            COALESCE(bool_or(tp.is_confirmed AND tp.team_role = 1), false) AS is_admin
     FROM team t LEFT JOIN team_player tp ON tp.team_id = t.id AND tp.user_id = $2::uuid
     WHERE t.id = $1 GROUP BY t.id`,
    [teamId, userId || '00000000-0000-0000-0000-000000000000'],
  );
  if (!rows.length) throw notFound(TEAM_NOT_FOUND);
  const r = rows[0];
  const isOwner = !!userId && r.creator_id === userId;
  const isAdmin = r.is_admin;
  return {
    teamId,
    creatorId: r.creator_id,
    teamType: r.team_type,
    isOwner,
    isAdmin,
    isMember: isOwner || r.is_member,
    canManage: isOwner || isAdmin,
  };
}

/** NotFound when the team does not exist. */
export async function requireTeam(db: Queryable, teamId: string): Promise<void> {
  if (!(await teamExists(db, teamId))) throw notFound(TEAM_NOT_FOUND);
}

/** Owners and admins only. */
export async function requireManager(db: Queryable, teamId: string, userId: string): Promise<TeamAccess> {
  const a = await teamAccess(db, teamId, userId);
  if (!a.canManage) throw permissionDenied('Это может делать только владелец или администратор команды.');
  return a;
}

/** Members (and the owner) only: the locker room. */
export async function requireMember(db: Queryable, teamId: string, userId: string): Promise<TeamAccess> {
  const a = await teamAccess(db, teamId, userId);
  if (!a.isMember) throw permissionDenied('Раздевалка доступна только игрокам команды.');
  return a;
}

/** Managers (owner and admins) see deleted photos, videos and their sections; for everyone else they do not exist. NotFound for an unknown team. */
export async function seesDeleted(db: Queryable, teamId: string, userId: string): Promise<boolean> {
  return (await teamAccess(db, teamId, userId)).canManage;
}

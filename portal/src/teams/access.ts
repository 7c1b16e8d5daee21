// Who may do what with a team. The owner is the team's creator; admins are users with a confirmed
// player in the team whose team_role is 1; members are users with a confirmed player in the team.
import { notFound, permissionDenied, type Queryable } from '@tribuna/server';
import { teamExists, teamStanding, type Membership } from './store.ts';

export const TEAM_NOT_FOUND = 'Команда не найдена.';

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
  const r = await teamStanding(db, teamId, userId);
  if (!r) throw notFound(TEAM_NOT_FOUND);
  return accessOf(teamId, r.creator_id, r.team_type, userId, r);
}

/** The standing that a user's membership of a team gives them. */
export function accessOf(teamId: string, creatorId: string, teamType: number, userId: string, m: Membership): TeamAccess {
  const isOwner = !!userId && creatorId === userId;
  return {
    teamId,
    creatorId,
    teamType,
    isOwner,
    isAdmin: m.is_admin,
    isMember: isOwner || m.is_member,
    canManage: isOwner || m.is_admin,
  };
}

/** Whether the user is a manager (owner or admin) of the team; false for a visitor or a team that does not exist. */
export async function isManager(db: Queryable, teamId: string, userId: string): Promise<boolean> {
  if (!userId) return false;
  const r = await teamStanding(db, teamId, userId);
  return !!r && accessOf(teamId, r.creator_id, r.team_type, userId, r).canManage;
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

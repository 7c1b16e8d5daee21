// Putting one's own player on a team: the step a join request, a manager's direct add and an accepted
// invitation share. Run under the team's lock (lockTeam), so choosing a free number and taking it are
// one step for concurrent callers; the database's unique keys back the checks and answer the same way.
import { z } from 'zod';
import { alreadyExists, failedPrecondition, isUniqueViolation, notFound, permissionDenied, type Queryable } from '@tribuna/server';
import {
  approveTeamPlayer, insertTeamPlayer, isNumberTaken, lowestFreeNumber, MAX_NUMBER, membershipOf, MIN_NUMBER, playerOwner,
  type TeamPlayer,
} from './store.ts';

export const numberField = z.number().int().min(MIN_NUMBER).max(MAX_NUMBER, `номер от ${MIN_NUMBER} до ${MAX_NUMBER}.`);
export const fieldRoleField = z.number().int().min(0).max(5, 'амплуа от 0 до 5.');
export const teamRoleField = z.union([z.literal(0), z.literal(1)], { error: 'роль в команде: 0 (игрок) или 1 (администратор).' });

const ALL_TAKEN = `Все номера от ${MIN_NUMBER} до ${MAX_NUMBER} заняты`;
const ALREADY_ON_TEAM = 'Этот игрок уже в команде или уже подал заявку.';
export const taken = (n: number) => alreadyExists(`Номер ${n} уже занят`);

/** A unique violation (a check bypassed by a concurrent writer) answered as the check would; n is the number asked for. */
export function translate(err: unknown, n: number | null | undefined): never {
  if (isUniqueViolation(err, 'team_player_team_number_key')) throw n != null ? taken(n) : alreadyExists('Этот номер уже занят');
  if (isUniqueViolation(err, 'team_player_team_player_key')) throw alreadyExists(ALREADY_ON_TEAM);
  throw err;
}

/** NotFound for an unknown player; PermissionDenied, with `notOwn`, when the user did not create it. */
export async function requireOwnPlayer(q: Queryable, playerId: string, userId: string, notOwn: string): Promise<void> {
  const owner = await playerOwner(q, playerId);
  if (!owner) throw notFound('Игрок не найден.');
  if (owner !== userId) throw permissionDenied(notOwn);
}

/** The number asked for when it is free, else the lowest free one; refused when taken or when none is left. */
async function chooseNumber(q: Queryable, teamId: string, asked: number | null | undefined, exceptId: string | null = null): Promise<number> {
  if (asked != null) {
    if (await isNumberTaken(q, teamId, asked, exceptId)) throw taken(asked);
    return asked;
  }
  const free = await lowestFreeNumber(q, teamId);
  if (free === null) throw failedPrecondition(ALL_TAKEN);
  return free;
}

export interface Placement {
  id: string;
  teamId: string;
  playerId: string;
  /** The caller, who must have created the player. */
  userId: string;
  number?: number | null;
  fieldRole?: number;
  teamRole?: number;
  confirmed: boolean;
  /** Where the player waits for approval already, that request is confirmed instead (an accepted invitation). */
  confirmWaiting?: boolean;
}

/** The player's new membership; the player must be the caller's (checked by the caller, requireOwnPlayer). */
export async function placePlayer(q: Queryable, p: Placement): Promise<TeamPlayer> {
  const existing = await membershipOf(q, p.teamId, p.playerId);
  if (existing) {
    if (existing.is_confirmed || !p.confirmWaiting) throw alreadyExists(existing.is_confirmed ? 'Этот игрок уже в команде.' : ALREADY_ON_TEAM);
    const number = p.number != null ? await chooseNumber(q, p.teamId, p.number, existing.id) : undefined;
    return approveTeamPlayer(q, existing.id, { number, field_role: p.fieldRole });
  }
  return insertTeamPlayer(q, {
    id: p.id,
    teamId: p.teamId,
    playerId: p.playerId,
    userId: p.userId,
    creatorId: p.userId,
    number: await chooseNumber(q, p.teamId, p.number),
    isConfirmed: p.confirmed,
    fieldRole: p.fieldRole,
    teamRole: p.teamRole,
  });
}

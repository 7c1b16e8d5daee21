// Formations and positions of the locker room (camelCase fields, as the spec gives them).
import { queryOptions } from '@tanstack/react-query';
import type { Formation, Position } from '@tribuna/portal/types';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { teamPlayersQuery } from '../../../shared/api/roster.ts';

export const lockerKeys = {
  formations: (teamId: string) => ['formations', teamId] as const,
  /** Every formation's positions of one team. */
  teamPositions: (teamId: string) => ['positions', teamId] as const,
  positions: (teamId: string, formationId: string) => [...lockerKeys.teamPositions(teamId), formationId] as const,
};

export const formationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: lockerKeys.formations(teamId),
    queryFn: () => rpc('list_team_formations', { teamId }).then((r) => r.formations),
    retry: false,
  });

export const positionsQuery = (teamId: string, formationId: string) =>
  queryOptions({
    queryKey: lockerKeys.positions(teamId, formationId),
    queryFn: () => rpc('list_team_player_positions', { teamId, formationId }).then((r) => r.positions),
  });

/** The players a place on the pitch may be given: the team's confirmed ones. */
export const confirmedPlayersQuery = (teamId: string) => teamPlayersQuery(teamId, { is_confirmed: true });

export const createFormation = (teamId: string, name: string) => rpc('create_team_formation', { teamId, name, isDefault: true });
export const makeDefault = (id: string) => rpc('update_team_formation', { id, isDefault: true });
export const deleteFormation = (id: string) => rpc('delete_team_formation', { id });
export const createPosition = (p: Omit<Position, 'id'>) => rpc('create_team_player_position', p);
export const movePosition = (id: string, x: number, y: number) => rpc('update_team_player_position', { id, x, y });
export const deletePosition = (id: string) => rpc('delete_team_player_position', { id });

/** A pitch fraction in 0..1; anything not a number lands in the middle. */
export const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);

/** The formation shown: the default one, else the first. */
export function currentFormation(list: Formation[]): Formation | undefined {
  return list.find((f) => f.isDefault) ?? list[0];
}

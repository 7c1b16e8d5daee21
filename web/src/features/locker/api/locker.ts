// Formations and positions of the locker room (camelCase fields, as the spec gives them).
import { queryOptions } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';

export interface Formation {
  id: string;
  teamId: string;
  name: string;
  isDefault: boolean;
}

export interface Position {
  id: string;
  teamId: string;
  formationId: string;
  playerId: string;
  x: number;
  y: number;
}

export interface RosterEntry {
  id: string;
  player_id: string;
  number: number;
  field_role: number;
  is_confirmed: boolean;
  player: { first_name: string; last_name: string };
}

export const formationsQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['formations', teamId],
    queryFn: () => rpc<{ formations: Formation[] }>('list_team_formations', { teamId }).then((r) => r.formations),
    retry: false,
  });

export const positionsQuery = (teamId: string, formationId: string) =>
  queryOptions({
    queryKey: ['positions', teamId, formationId],
    queryFn: () => rpc<{ positions: Position[] }>('list_team_player_positions', { teamId, formationId }).then((r) => r.positions),
  });

export const confirmedPlayersQuery = (teamId: string) =>
  queryOptions({
    queryKey: ['team-players', teamId, 'confirmed'],
    queryFn: () =>
      rpc<{ team_players: RosterEntry[] }>('list_team_players', { team_ids: [teamId], is_confirmed: true, limit: 200 }).then((r) => r.team_players),
  });

export const createFormation = (teamId: string, name: string) => rpc<Formation>('create_team_formation', { teamId, name, isDefault: true });
export const makeDefault = (id: string) => rpc<Formation>('update_team_formation', { id, isDefault: true });
export const createPosition = (p: Omit<Position, 'id'>) => rpc<Position>('create_team_player_position', p);
export const movePosition = (id: string, x: number, y: number) => rpc<Position>('update_team_player_position', { id, x, y });
export const deletePosition = (id: string) => rpc('delete_team_player_position', { id });

/** A pitch fraction in 0..1; anything not a number lands in the middle. */
export const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);

/** The formation shown: the default one, else the first. */
export function currentFormation(list: Formation[]): Formation | undefined {
  return list.find((f) => f.isDefault) ?? list[0];
}

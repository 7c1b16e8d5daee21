// The players feature's own key: a player's teams, under the player's key so a change to them refreshes it.
import { playerKeys } from '../../shared/api/players.ts';

export const playerTeamsKey = (playerId: string) => [...playerKeys.detail(playerId), 'teams'] as const;

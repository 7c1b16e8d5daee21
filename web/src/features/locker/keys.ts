// The locker room's query keys: a team's formations, and the positions of each of its formations.
import { chatKeys } from '../../shared/api/chat.ts';

export const lockerKeys = {
  formations: (teamId: string) => ['formations', teamId] as const,
  /** Every formation's positions of one team. */
  teamPositions: (teamId: string) => ['positions', teamId] as const,
  positions: (teamId: string, formationId: string) => [...lockerKeys.teamPositions(teamId), formationId] as const,
};

/** The team's chat, under the chats' key: a reconnect asks again. */
export const teamChatKey = (teamId: string, canCreate: boolean) => [...chatKeys.all, 'team', teamId, canCreate] as const;

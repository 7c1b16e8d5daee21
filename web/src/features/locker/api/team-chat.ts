// The team's chat for the locker room: the chat of list_chats that belongs to the team; a manager of a
// team that has none yet gets it made (create_chat with team_id answers the team's chat).
import { queryOptions } from '@tanstack/react-query';
import { createChat, listChats, type Chat } from '../../../shared/api/chat.ts';
import { teamChatKey } from '../keys.ts';

async function teamChat(teamId: string, teamName: string, canCreate: boolean): Promise<Chat | null> {
  const found = (await listChats()).find((c) => c.team_id === teamId);
  if (found || !canCreate) return found ?? null;
  return createChat({ name: teamName, user_ids: [], team_id: teamId });
}

export const teamChatQuery = (teamId: string, teamName: string, canCreate: boolean) =>
  queryOptions({
    queryKey: teamChatKey(teamId, canCreate),
    queryFn: () => teamChat(teamId, teamName, canCreate),
    staleTime: 60_000,
    retry: 1,
  });

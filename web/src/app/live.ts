// The signed-in user's live side, loaded once a signed-in session appears (a visitor's pages do without
// it): the socket follows the session, its events update the query cache, every chat of the user is joined
// on each connection so its messages arrive live, and the cache forgets one user's chats when another
// signs in.
import type { QueryClient } from '@tanstack/react-query';
import { realtime, startRealtime } from '../lib/nakama/realtime.ts';
import { sessionManager } from '../lib/nakama/session.ts';
import { forgetChatsOnUserChange, startChatChannels } from '../shared/api/chat-channels.ts';
import { bindRealtimeCache } from '../shared/api/realtime.ts';

export function startLive(queryClient: QueryClient): void {
  bindRealtimeCache(realtime, queryClient, () => sessionManager.getSnapshot().session?.user_id);
  startChatChannels(realtime, queryClient);
  forgetChatsOnUserChange(sessionManager, queryClient);
  startRealtime();
}

// A channel's stored messages; new ones also come over the socket (socket.ts) once it is joined.
import { client, type ChannelMessageList } from './client.ts';
import { call } from './errors.ts';
import { sessionManager } from './session.ts';

/** The latest messages first. */
export async function listChannelMessages(channelId: string, limit = 100): Promise<ChannelMessageList> {
  const s = await sessionManager.current();
  return call(client.listChannelMessages(s, channelId, limit, false));
}

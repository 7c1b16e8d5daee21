// A chat message is written one way: the portal's send_message, with its access rule (chatFor), its
// limits and the sender's name read at display time. The socket still delivers the chats' messages, but
// its own writes (channel_message_send, _update, _remove) to the portal's chats (direct chats, and the
// groups of team and named chats) are refused; rooms and other groups' channels stay as the game server has them.
import { permissionDenied, type Initializer, type Nk, type RtMessage } from '@tribuna/server';
import { isPortalGroup } from './store.ts';

/** Channel ids as the socket gives them: 3.<group>.. for a group's channel, 4.<user>.<user>. for a direct one. */
const GROUP_CHANNEL = /^3\.([0-9a-f-]{36})\.\.$/i;
const DIRECT_CHANNEL = /^4\./;

/** @internal The refusal, for tests. */
export const VIA_PORTAL = 'В чаты портала пишут через портал (send_message): сообщения по сокету сюда не принимаются.';

/** The messages of the socket that write to a channel. */
const WRITES = ['channel_message_send', 'channel_message_update', 'channel_message_remove'] as const;

async function isPortalChat(nk: Nk, channelId: unknown): Promise<boolean> {
  if (typeof channelId !== 'string') return false;
  if (DIRECT_CHANNEL.test(channelId)) return true;
  const group = GROUP_CHANNEL.exec(channelId);
  return !!group && (await isPortalGroup(nk.db, group[1].toLowerCase()));
}

export function registerChatSocketHooks(initializer: Initializer, nk: Nk): void {
  const refuseChats = async (_ctx: unknown, message: RtMessage): Promise<RtMessage> => {
    if (await isPortalChat(nk, message.channel_id ?? message.channelId)) throw permissionDenied(VIA_PORTAL);
    return message;
  };
  for (const name of WRITES) initializer.registerBeforeRt(name, refuseChats);
}

// A channel's messages: one key per channel, the stored messages (latest first), and what a message
// pushed over the socket does to them (shared/api/realtime.ts applies it).
import type { ChannelMessage, ChannelMessageList } from '../../lib/nakama/client.ts';

export type { ChannelMessage, ChannelMessageList };

/** Message codes of the server: 1 edits an earlier message, 2 removes it; the others are new messages. */
const MESSAGE_UPDATE = 1;
const MESSAGE_REMOVE = 2;

export const channelMessageKeys = {
  all: ['channel-messages'] as const,
  list: (channelId: string) => [...channelMessageKeys.all, channelId] as const,
};

/** The messages after a pushed one: an edit replaces, a removal drops, anything else comes first (once). */
export function withChannelMessage(list: ChannelMessageList, m: ChannelMessage): ChannelMessageList {
  const items = list.messages ?? [];
  const at = items.findIndex((x) => x.message_id === m.message_id);
  if (m.code === MESSAGE_REMOVE) return at < 0 ? list : { ...list, messages: items.filter((_, i) => i !== at) };
  if (m.code === MESSAGE_UPDATE || at >= 0) {
    return at < 0 ? list : { ...list, messages: items.map((x, i) => (i === at ? { ...x, ...m, code: x.code } : x)) };
  }
  return { ...list, messages: [m, ...items] };
}

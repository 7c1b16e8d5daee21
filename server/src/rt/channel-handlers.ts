// channel_join, channel_leave and channel message send, update and remove.
import type { Core } from '../core/index.ts';
import type { SocketHandlers } from './handlers.ts';

export function channelHandlers(core: Core): SocketHandlers {
  const { channels } = core;
  return {
    async channel_join(s, b) {
      const channel = await channels.join(
        s,
        b.string('target') ?? '',
        b.int('type') ?? 0,
        b.bool('persistence') ?? true,
        b.bool('hidden') ?? false,
      );
      return { channel };
    },
    channel_leave(s, b) {
      channels.leave(s, b.string('channel_id') ?? '');
    },
    channel_message_send: (s, b) => channels.send(s, b.string('channel_id') ?? '', b.string('content')),
    channel_message_update: (s, b) =>
      channels.update(s, b.string('channel_id') ?? '', b.string('message_id'), b.string('content')),
    channel_message_remove: (s, b) => channels.remove(s, b.string('channel_id') ?? '', b.string('message_id')),
  };
}

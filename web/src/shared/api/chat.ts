// A channel's messages: one key per channel, the stored messages (latest first), and what a message
// pushed over the socket does to them (shared/api/realtime.ts applies it).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ChannelMessage, ChannelMessageList } from '../../lib/nakama/client.ts';
import type { Chat, Message as ChatMessage, MessagePage as ChatMessagePage } from '@tribuna/portal/types';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';

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

// The portal's chats (a chat is a channel of the game server: chat.id is the channel id) and their
// messages, as the chat RPCs answer them; the socket's channel messages go into the same caches.

export type { Chat, ChatMessage, ChatMessagePage };

/** The pages of a chat's history as the infinite query keeps them: the newest page first. */
export interface ChatMessagePages {
  pages: ChatMessagePage[];
  pageParams: unknown[];
}

export const chatKeys = {
  all: ['chats'] as const,
  /** list_chats: every chat of the user, to join their channels. */
  list: () => [...chatKeys.all, 'list'] as const,
  /** list_chats_summary: the chats with unread counts and last messages, for the widget. */
  summary: () => [...chatKeys.all, 'summary'] as const,
  messagesAll: ['chat-messages'] as const,
  messages: (chatId: string) => [...chatKeys.messagesAll, chatId] as const,
};

/** The chats whose conversation is on the screen: their new messages are read at once, not counted. */
const openChats = new Map<string, number>();

/** Marks a chat's conversation as shown until the returned function is called. */
export function showChat(chatId: string): () => void {
  openChats.set(chatId, (openChats.get(chatId) ?? 0) + 1);
  return () => {
    const n = (openChats.get(chatId) ?? 1) - 1;
    if (n > 0) openChats.set(chatId, n);
    else openChats.delete(chatId);
  };
}

function isChatShown(chatId: string): boolean {
  return openChats.has(chatId);
}

/** A message of the socket as the chat RPCs give it; undefined when it has no text (a group's system message). */
export function chatMessageOf(m: ChannelMessage): ChatMessage | undefined {
  const content = m.content as { text?: unknown } | string | undefined;
  const text = typeof content === 'object' && content && typeof content.text === 'string' ? content.text : undefined;
  if (text === undefined || !m.message_id || !m.channel_id) return undefined;
  return {
    id: m.message_id,
    chat_id: m.channel_id,
    content: text,
    sender_id: m.sender_id ?? '',
    sender_name: '',
    created_at: m.create_time ?? new Date().toISOString(),
  };
}

/** The history after a new message: first on the newest page, once. */
export function withChatMessage(data: ChatMessagePages, m: ChatMessage): ChatMessagePages {
  if (data.pages.some((p) => p.messages.some((x) => x.id === m.id))) return data;
  const [first, ...rest] = data.pages;
  const top: ChatMessagePage = first ? { ...first, messages: [m, ...first.messages] } : { messages: [m] };
  return { ...data, pages: [top, ...rest] };
}

/** The chat list after a new message: the chat's last message, one more unread unless shown or the user's own. */
export function withChatSummary(chats: Chat[], m: ChatMessage, self: string | undefined): Chat[] {
  const at = chats.findIndex((c) => c.id === m.chat_id);
  if (at < 0) return chats;
  const chat = chats[at];
  if (chat.last_message?.id === m.id) return chats;
  const counts = m.sender_id !== self && !isChatShown(m.chat_id);
  const next = { ...chat, last_message: m, unread_count: chat.unread_count + (counts ? 1 : 0) };
  // The chat with the newest message comes first.
  return [next, ...chats.filter((_, i) => i !== at)];
}

/** The widget's badge: the unread messages of every chat, '9+' above 9, nothing at 0. */
export function unreadBadge(chats: readonly Pick<Chat, 'unread_count'>[] | undefined): string | undefined {
  const n = (chats ?? []).reduce((sum, c) => sum + Math.max(0, c.unread_count || 0), 0);
  if (n <= 0) return undefined;
  return n > 9 ? '9+' : String(n);
}

/** Messages per page of a chat's history (the server's default). */
const MESSAGE_PAGE = 50;

export const listChats = () => rpc('list_chats').then((r) => r.chats);
const listChatsSummary = () => rpc('list_chats_summary').then((r) => r.chats);

function listMessages(chatId: string, cursor?: string): Promise<ChatMessagePage> {
  return rpc('list_messages', { chat_ids: [chatId], limit: MESSAGE_PAGE, ...(cursor ? { cursor } : {}) }).then((r) => ({
    messages: r.messages,
    ...(r.cursor ? { cursor: r.cursor } : {}),
  }));
}

export const sendMessage = (chatId: string, content: string) => rpc('send_message', { chat_id: chatId, content });
export const markMessagesRead = (chatId: string, messageIds: string[]) => rpc('mark_messages_read', { chat_id: chatId, message_ids: messageIds });

export type NewChat = RpcInput<'create_chat'>;
export const createChat = (input: NewChat) => rpc('create_chat', input);
export const addUserToChat = (chatId: string, userId: string) => rpc('add_user_to_chat', { chat_id: chatId, user_id: userId });
export const removeUserFromChat = (chatId: string, userId: string) => rpc('remove_user_from_chat', { chat_id: chatId, user_id: userId });

export const chatsSummaryQuery = () => queryOptions({ queryKey: chatKeys.summary(), queryFn: listChatsSummary, staleTime: 30_000 });

export const chatMessagesQuery = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam }) => listMessages(chatId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ChatMessagePage) => last.cursor || undefined,
    // The socket keeps it current; a reconnect refetches it.
    staleTime: Infinity,
  });

// The socket joins the channel of every chat of the user: after each connection (the first and every
// reconnect, when list_chats is asked again, so chats made meanwhile are joined too) and whenever a chat
// turns up that is not joined yet (a new direct chat, a team that took the user in). Joined channels
// deliver their messages to the caches (realtime.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '../../lib/nakama/socket.ts';
import { chatKeys, listChats, type Chat } from './chat.ts';
import { friendKeys } from './friends.ts';
import { NEW_CHAT_CODES } from './realtime.ts';

/** What of the realtime socket this needs (RealtimeSocket has it). */
export interface ChatSocket {
  readonly state: string;
  subscribe(listener: (e: RealtimeEvent) => void): () => void;
  joinChat(target: string, type: number, persistence?: boolean, hidden?: boolean): Promise<{ id: string }>;
}

/** @internal */
export class ChatChannels {
  private readonly socket: ChatSocket;
  private readonly qc: QueryClient;
  private readonly fetchChats: () => Promise<Chat[]>;
  /** Chat ids joined on the current connection (or being joined). */
  private joined = new Set<string>();
  private stop?: () => void;

  constructor(socket: ChatSocket, qc: QueryClient, fetchChats: () => Promise<Chat[]> = listChats) {
    this.socket = socket;
    this.qc = qc;
    this.fetchChats = fetchChats;
  }

  /** From now on joins the user's chats on every connection; returns the function that stops it. */
  start(): () => void {
    this.stop = this.socket.subscribe((e) => {
      if (e.type === 'close') this.joined = new Set();
      if (e.type === 'open') void this.joinAll();
      // A direct chat opened with the user, a group they were added to: its channel is joined now.
      if (e.type === 'notification' && e.notification.code !== undefined && NEW_CHAT_CODES.has(e.notification.code)) void this.joinAll();
    });
    if (this.socket.state === 'open') void this.joinAll();
    return () => this.stop?.();
  }

  /** Joins the chats of list_chats that are not joined yet (a failed list joins nothing now). */
  async joinAll(): Promise<void> {
    let chats: Chat[];
    try {
      chats = await this.qc.fetchQuery({ queryKey: chatKeys.list(), queryFn: this.fetchChats, staleTime: 0 });
    } catch {
      return;
    }
    await this.ensure(chats);
  }

  /** Joins these chats' channels unless joined on this connection; a refused one is tried next time. */
  async ensure(chats: readonly Pick<Chat, 'id' | 'channel'>[]): Promise<void> {
    if (this.socket.state !== 'open') return;
    const joined = this.joined;
    await Promise.all(
      chats
        .filter((c) => c.channel && !joined.has(c.id))
        .map(async (c) => {
          joined.add(c.id);
          try {
            await this.socket.joinChat(c.channel.target, c.channel.type, true, false);
          } catch {
            joined.delete(c.id);
          }
        }),
    );
  }

  isJoined(chatId: string): boolean {
    return this.joined.has(chatId);
  }
}

let page: ChatChannels | undefined;

/** The page's chat channels on the page's socket (main.tsx); returns the function that stops it. */
export function startChatChannels(socket: ChatSocket, qc: QueryClient): () => void {
  page = new ChatChannels(socket, qc);
  return page.start();
}

/** Joins chats the page's socket has not joined yet (a chat just made or just listed). */
export function ensureChatsJoined(chats: readonly Pick<Chat, 'id' | 'channel'>[]): Promise<void> {
  return page?.ensure(chats) ?? Promise.resolve();
}

/**
 * Drops the chats, histories and friends of the cache when another user (or nobody) is signed in, so the
 * next user never sees the previous one's. Returns the function that stops watching.
 */
export function forgetChatsOnUserChange(manager: { subscribe(l: () => void): () => void; getSnapshot(): { session?: { user_id?: string } } }, qc: QueryClient): () => void {
  let user = manager.getSnapshot().session?.user_id;
  return manager.subscribe(() => {
    const next = manager.getSnapshot().session?.user_id;
    if (next === user) return;
    user = next;
    for (const queryKey of [chatKeys.all, chatKeys.messagesAll, friendKeys.all]) qc.removeQueries({ queryKey });
  });
}

// The address that opens the chat widget on its friends tab from any page: the page's own address with this
// hash (a friend request's notification leads there). The widget opens and drops the hash again.
export const FRIENDS_TAB_HASH = '#chat-friends';

/**
 * `?chat=<id>` opens that chat in the widget, `?chat=friends` its friends tab: the addresses of the
 * server's pushes (portal/src/push/service.ts). The widget opens and drops the parameter again.
 */
const CHAT_PARAM = 'chat';

export type ChatAsked = { friends: true } | { chatId: string };

/** What the address's `?chat=` asks the widget to open, if anything. */
export function chatAsked(search: string): ChatAsked | undefined {
  const value = new URLSearchParams(search).get(CHAT_PARAM)?.trim();
  if (!value) return undefined;
  return value === 'friends' ? { friends: true } : { chatId: value };
}

/** The address's search without `?chat=`. */
export function withoutChatParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CHAT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

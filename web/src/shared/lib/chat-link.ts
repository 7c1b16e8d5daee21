// The address that opens the chat widget on its friends tab from any page: the page's own address with this
// hash (a friend request's notification leads there). The widget opens and drops the hash again.
export const FRIENDS_TAB_HASH = '#chat-friends';

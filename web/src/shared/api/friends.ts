// The friends list's query keys: the friends feature reads the list; a friend request or answer pushed
// over the socket asks for it again (realtime.ts).
export const friendKeys = {
  all: ['friends'] as const,
  list: () => [...friendKeys.all, 'list'] as const,
  search: (query: string) => [...friendKeys.all, 'search', query] as const,
};

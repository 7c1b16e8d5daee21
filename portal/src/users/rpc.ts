// Finding people, for the friends list's search: registered users only; a word of the display name (the
// name every account is shown by) or of the username starting with each word typed, case ignored (so a
// friend who told theirs is found by it); the caller left out.
import { z } from 'zod';
import { limit, rpc } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';

/** Shorter queries find nothing (an empty answer, not a refusal). */
const MIN_QUERY = 2;

interface FoundUser {
  id: string;
  username: string;
  display_name: string;
  avatar_url: string;
}

export const userRpcs = [
  rpc(
    'search_users',
    'registered',
    z.object({ query: z.string().max(TEXT_LIMITS.userSearch, `не длиннее ${TEXT_LIMITS.userSearch} символов.`), limit: limit(20, 50) }),
    async ({ input, userId, nk }): Promise<{ users: FoundUser[] }> => {
      const text = input.query.trim();
      if (text.length < MIN_QUERY) return { users: [] };
      const found = await nk.usersSearch(text, input.limit, userId);
      return {
        users: found.map((u) => ({ id: u.userId, username: u.username, display_name: u.displayName ?? '', avatar_url: u.avatarUrl ?? '' })),
      };
    },
  ),
];

// search_users for the friends tab: people to add by name, the user left out.
import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/nakama/client.ts';
import { call } from '../../../lib/nakama/errors.ts';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { friendKeys } from '../../../shared/api/friends.ts';
import type { PublicUser } from '../../../shared/api/users.ts';

/** Results of one search. */
const SEARCH_LIMIT = 20;

/**
 * Users whose name contains the query (the portal's search_users), the user left out. Where the portal
 * cannot search, the exact username is looked up; a failure is an empty result, as the spec has it.
 */
async function searchUsers(query: string): Promise<PublicUser[]> {
  const q = query.trim();
  if (q.length < 2) return [];
  const s = await sessionManager.current();
  const self = s.user_id;
  try {
    const r = await rpc('search_users', { query: q, limit: SEARCH_LIMIT }, s);
    return r.users.filter((u) => u.id !== self);
  } catch {
    try {
      const r = await call(client.getUsers(s, [], [q]));
      return (r.users ?? []).flatMap((u) => (u.id && u.id !== self ? [{ ...u, id: u.id }] : []));
    } catch {
      return [];
    }
  }
}

export const searchUsersQuery = (query: string) =>
  queryOptions({ queryKey: friendKeys.search(query.trim()), queryFn: () => searchUsers(query), staleTime: 30_000, enabled: query.trim().length >= 2 });

// Friends on the game server's friend calls: the list (with requests both ways and blocked users), add
// (also accepts a request), delete (declines, cancels, unfriends, unblocks), block. The user search is search-users.ts.
import { queryOptions } from '@tanstack/react-query';
import { client } from '../../../lib/nakama/client.ts';
import { call } from '../../../lib/nakama/errors.ts';
import { sessionManager } from '../../../lib/nakama/session.ts';
import { friendKeys } from '../../../shared/api/friends.ts';
import type { PublicUser } from '../../../shared/api/users.ts';

/** The server's friend states. */
export const FRIEND = 0;
export const INVITE_SENT = 1;
export const INVITE_RECEIVED = 2;
export const BLOCKED = 3;

export interface FriendEntry {
  state: number;
  user: PublicUser & { online?: boolean };
}

/** Friends asked for at once (the spec's default); further pages follow the cursor. */
const FRIENDS_LIMIT = 100;
/** The most the tab shows: a friend list longer than this is not a friend list. */
const FRIENDS_MAX = 1000;


async function listFriends(): Promise<FriendEntry[]> {
  const s = await sessionManager.current();
  const out: FriendEntry[] = [];
  let cursor: string | undefined;
  do {
    const r = await call(client.listFriends(s, undefined, FRIENDS_LIMIT, cursor));
    for (const f of r.friends ?? []) if (f.user?.id) out.push({ state: f.state ?? FRIEND, user: { ...f.user, id: f.user.id } });
    cursor = r.cursor || undefined;
  } while (cursor && out.length < FRIENDS_MAX);
  return out;
}

export const friendsQuery = () => queryOptions({ queryKey: friendKeys.list(), queryFn: listFriends, staleTime: 30_000 });

export async function addFriend(userId: string): Promise<void> {
  const s = await sessionManager.current();
  await call(client.addFriends(s, [userId]));
}

export async function deleteFriend(userId: string): Promise<void> {
  const s = await sessionManager.current();
  await call(client.deleteFriends(s, [userId]));
}

export async function blockFriend(userId: string): Promise<void> {
  const s = await sessionManager.current();
  await call(client.blockFriends(s, [userId]));
}

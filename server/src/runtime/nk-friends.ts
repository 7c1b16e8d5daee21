// The `nk` facade's friends: a user's friend edges, invitations and blocks, with the client API's rules.
import type { Core } from '../core/index.ts';
import { invalid } from '../errors.ts';
import { isUuid } from '../tokens.ts';
import { userFromRow, type NkUser } from './nk-users.ts';

export interface NkFriend {
  user: NkUser;
  /** 0 friend, 1 invite sent, 2 invite received, 3 blocked. */
  state: number;
  updateTime: Date;
  metadata: Record<string, unknown>;
}

export interface NkFriendList {
  friends: NkFriend[];
  cursor?: string;
}

export interface NkFriends {
  /** A user's friend edges, optionally of one state; limit 1-1000 (default 1000). */
  friendsList(userId: string, limit?: number, state?: number, cursor?: string): Promise<NkFriendList>;
  /** Invites or accepts as userId; username names them in the notifications sent. */
  friendsAdd(userId: string, username: string, ids?: string[], usernames?: string[]): Promise<void>;
  /** Rejects, cancels, unfriends or unblocks as userId. */
  friendsDelete(userId: string, username: string, ids?: string[], usernames?: string[]): Promise<void>;
  /** Blocks as userId. */
  friendsBlock(userId: string, username: string, ids?: string[], usernames?: string[]): Promise<void>;
  /**
   * Which of otherIds (at most 1000) are in a block with userId, either way, in one query: each with
   * `byUser` true when userId made the block, false when only the other user did.
   */
  friendsBlocks(userId: string, otherIds: string[]): Promise<Array<{ userId: string; byUser: boolean }>>;
}

export function friendNk(core: Core): NkFriends {
  const { friends } = core;
  return {
    async friendsList(userId, limit = 1000, state, cursor) {
      const page = await friends.list(userId, limit, state, cursor || undefined);
      return {
        friends: page.friends.map((f) => ({
          user: userFromRow(f.user, f.online),
          state: f.state,
          updateTime: f.updateTime,
          metadata: (f.metadata ?? {}) as Record<string, unknown>,
        })),
        cursor: page.cursor,
      };
    },
    friendsAdd: (userId, username, ids = [], names = []) => friends.add(userId, username || undefined, ids, names),
    friendsDelete: (userId, _username, ids = [], names = []) => friends.delete(userId, ids, names),
    friendsBlock: (userId, _username, ids = [], names = []) => friends.block(userId, ids, names),
    async friendsBlocks(userId, otherIds) {
      if (!isUuid(userId)) throw invalid('Invalid user id.');
      if (!Array.isArray(otherIds) || otherIds.length > 1000) throw invalid('User ids must be a list of at most 1000.');
      return [...(await friends.blocks(userId, otherIds))].map(([id, byUser]) => ({ userId: id, byUser }));
    },
  };
}

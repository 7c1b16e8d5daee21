// Users as the `nk` facade returns them.
import type { UserRow } from '../encode.ts';

export interface NkUser {
  userId: string;
  username: string;
  displayName: string | null;
  avatarUrl: string | null;
  langTag: string | null;
  location: string | null;
  timezone: string | null;
  metadata: Record<string, unknown>;
  online: boolean;
  edgeCount: number;
  googleId: string | null;
  appleId: string | null;
  facebookId: string | null;
  facebookInstantGameId: string | null;
  gamecenterId: string | null;
  steamId: string | null;
  createTime: Date;
  updateTime: Date;
}

export function userFromRow(row: UserRow, online: boolean): NkUser {
  return {
    userId: row.id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    langTag: row.lang_tag,
    location: row.location,
    timezone: row.timezone,
    metadata: (row.metadata ?? {}) as Record<string, unknown>,
    online,
    edgeCount: row.edge_count,
    googleId: row.google_id,
    appleId: row.apple_id,
    facebookId: row.facebook_id,
    facebookInstantGameId: row.facebook_instant_game_id,
    gamecenterId: row.gamecenter_id,
    steamId: row.steam_id,
    createTime: row.create_time,
    updateTime: row.update_time,
  };
}

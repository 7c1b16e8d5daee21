// Protojson encoding of API messages, shared by REST and the socket: snake_case names, empty values
// omitted, wrapper values kept even when zero, int64 as strings, timestamps as RFC 3339 in UTC.

export type Msg = Record<string, unknown>;

/** Sets a plain proto3 field: false, 0, "", empty lists and maps, null and undefined are left out. */
export function put(out: Msg, key: string, value: unknown): void {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return;
  if (Array.isArray(value)) {
    if (value.length === 0) return;
  } else if (typeof value === 'object' && !(value instanceof Date) && Object.keys(value as object).length === 0) {
    return;
  }
  out[key] = value instanceof Date ? timestamp(value) : value;
}

/** Sets a google.protobuf wrapper field: present whenever set, even to zero, false or "". */
export function putWrapped(out: Msg, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  out[key] = value;
}

/** Sets an int64 field, which protojson writes as a string. */
export function putInt64(out: Msg, key: string, value: number | bigint | string | null | undefined): void {
  if (value === undefined || value === null) return;
  const s = String(value);
  if (s === '0') return;
  out[key] = s;
}

/** google.protobuf.Timestamp in whole seconds: "2024-05-01T12:34:56Z". */
export function timestamp(d: Date | string | number): string {
  const date = d instanceof Date ? d : new Date(d);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A JSON-in-a-string field (metadata, value, content, payload): "{}" when there is nothing. */
export function jsonString(value: unknown): string {
  if (value === undefined || value === null) return '{}';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A user as userMsg reads it; core/users.ts selects exactly these columns (USER_COLUMNS). */
export interface UserRow {
  id: string;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
  lang_tag: string | null;
  location: string | null;
  timezone: string | null;
  metadata: unknown;
  facebook_id: string | null;
  google_id: string | null;
  gamecenter_id: string | null;
  steam_id: string | null;
  apple_id: string | null;
  facebook_instant_game_id: string | null;
  edge_count: number;
  create_time: Date;
  update_time: Date;
}

export function userMsg(u: UserRow, online: boolean): Msg {
  const out: Msg = {};
  put(out, 'id', u.id);
  put(out, 'username', u.username);
  put(out, 'display_name', u.display_name);
  put(out, 'avatar_url', u.avatar_url);
  put(out, 'lang_tag', u.lang_tag);
  put(out, 'location', u.location);
  put(out, 'timezone', u.timezone);
  out.metadata = jsonString(u.metadata);
  put(out, 'facebook_id', u.facebook_id);
  put(out, 'google_id', u.google_id);
  put(out, 'gamecenter_id', u.gamecenter_id);
  put(out, 'steam_id', u.steam_id);
  put(out, 'online', online);
  put(out, 'edge_count', u.edge_count);
  put(out, 'create_time', u.create_time);
  put(out, 'update_time', u.update_time);
  put(out, 'facebook_instant_game_id', u.facebook_instant_game_id);
  put(out, 'apple_id', u.apple_id);
  return out;
}

export interface Presence {
  userId: string;
  sessionId: string;
  username: string;
  persistence?: boolean;
  status?: string;
}

export function presenceMsg(p: Presence): Msg {
  const out: Msg = { user_id: p.userId, session_id: p.sessionId, username: p.username };
  put(out, 'persistence', p.persistence);
  putWrapped(out, 'status', p.status);
  return out;
}

export interface NotificationRecord {
  id: string;
  subject: string;
  content: unknown;
  code: number;
  senderId: string | null;
  createTime: Date;
  persistent: boolean;
}

/** A stream's identity, as stream_data and stream_presence_event carry it. */
export function streamMsg(s: { mode: number; subject: string; subcontext: string; label: string }): Msg {
  const out: Msg = {};
  put(out, 'mode', s.mode);
  put(out, 'subject', s.subject);
  put(out, 'subcontext', s.subcontext);
  put(out, 'label', s.label);
  return out;
}

export function notificationMsg(n: NotificationRecord): Msg {
  const out: Msg = {};
  put(out, 'id', n.id);
  put(out, 'subject', n.subject);
  out.content = jsonString(n.content);
  put(out, 'code', n.code);
  put(out, 'sender_id', n.senderId);
  put(out, 'create_time', n.createTime);
  put(out, 'persistent', n.persistent);
  return out;
}

/** A group as groupMsg reads it; core/groups.ts selects exactly these columns (GROUP_COLUMNS). */
export interface GroupRow {
  id: string;
  creator_id: string | null;
  name: string;
  description: string | null;
  avatar_url: string | null;
  lang_tag: string;
  metadata: unknown;
  open: boolean;
  edge_count: number;
  max_count: number;
  create_time: Date;
  update_time: Date;
}

export function groupMsg(g: GroupRow): Msg {
  const out: Msg = {};
  put(out, 'id', g.id);
  put(out, 'creator_id', g.creator_id);
  put(out, 'name', g.name);
  put(out, 'description', g.description);
  put(out, 'lang_tag', g.lang_tag);
  out.metadata = jsonString(g.metadata);
  put(out, 'avatar_url', g.avatar_url);
  putWrapped(out, 'open', g.open);
  put(out, 'edge_count', g.edge_count);
  put(out, 'max_count', g.max_count);
  put(out, 'create_time', g.create_time);
  put(out, 'update_time', g.update_time);
  return out;
}

export interface FriendRecord {
  user: UserRow;
  online: boolean;
  state: number;
  updateTime: Date;
  metadata: unknown;
}

/** Friend: state is an Int32Value, so 0 (friends) is written; the client copies it raw. */
export function friendMsg(f: FriendRecord): Msg {
  const out: Msg = { user: userMsg(f.user, f.online) };
  putWrapped(out, 'state', f.state);
  put(out, 'update_time', f.updateTime);
  out.metadata = jsonString(f.metadata);
  return out;
}

export interface StorageRecord {
  collection: string;
  key: string;
  userId: string;
  /** The stored JSON object as text. */
  value: string;
  version: string;
  permissionRead: number;
  permissionWrite: number;
  createTime: Date;
  updateTime: Date;
}

export interface StorageAckRecord {
  collection: string;
  key: string;
  userId: string;
  version: string;
  createTime: Date;
  updateTime: Date;
}

export function storageObjectMsg(o: StorageRecord): Msg {
  const out: Msg = {};
  put(out, 'collection', o.collection);
  put(out, 'key', o.key);
  put(out, 'user_id', o.userId);
  put(out, 'value', o.value);
  put(out, 'version', o.version);
  put(out, 'permission_read', o.permissionRead);
  put(out, 'permission_write', o.permissionWrite);
  put(out, 'create_time', o.createTime);
  put(out, 'update_time', o.updateTime);
  return out;
}

export function storageAckMsg(a: StorageAckRecord): Msg {
  const out: Msg = {};
  put(out, 'collection', a.collection);
  put(out, 'key', a.key);
  put(out, 'version', a.version);
  put(out, 'user_id', a.userId);
  put(out, 'create_time', a.createTime);
  put(out, 'update_time', a.updateTime);
  return out;
}

/** A validated purchase: stored (with its times), or only validated (persist false). */
export interface PurchaseRecord {
  userId: string;
  store: number;
  productId: string;
  transactionId: string;
  purchaseTime: Date;
  environment: number;
  refundTime: Date | null;
  providerResponse: string;
  createTime: Date | null;
  updateTime: Date | null;
  /** Stored already by an earlier validation of the same transaction. */
  seenBefore: boolean;
}

export function validatedPurchaseMsg(p: PurchaseRecord): Msg {
  const out: Msg = {};
  put(out, 'user_id', p.userId);
  put(out, 'product_id', p.productId);
  put(out, 'transaction_id', p.transactionId);
  put(out, 'store', p.store);
  put(out, 'purchase_time', p.purchaseTime);
  put(out, 'create_time', p.createTime);
  put(out, 'update_time', p.updateTime);
  put(out, 'refund_time', p.refundTime);
  put(out, 'provider_response', p.providerResponse);
  put(out, 'environment', p.environment);
  put(out, 'seen_before', p.seenBefore);
  return out;
}

export interface SubscriptionRecord {
  userId: string;
  store: number;
  productId: string;
  originalTransactionId: string;
  purchaseTime: Date;
  expireTime: Date;
  environment: number;
  refundTime: Date | null;
  providerResponse: string;
  createTime: Date | null;
  updateTime: Date | null;
}

/** A subscription is active until it expires, unless refunded. */
export function subscriptionActive(s: SubscriptionRecord, now = Date.now()): boolean {
  return s.expireTime.getTime() > now && s.refundTime === null;
}

export function validatedSubscriptionMsg(s: SubscriptionRecord, now = Date.now()): Msg {
  const out: Msg = {};
  put(out, 'user_id', s.userId);
  put(out, 'product_id', s.productId);
  put(out, 'original_transaction_id', s.originalTransactionId);
  put(out, 'store', s.store);
  put(out, 'purchase_time', s.purchaseTime);
  put(out, 'create_time', s.createTime);
  put(out, 'update_time', s.updateTime);
  put(out, 'environment', s.environment);
  put(out, 'expiry_time', s.expireTime);
  put(out, 'refund_time', s.refundTime);
  put(out, 'provider_response', s.providerResponse);
  put(out, 'active', subscriptionActive(s, now));
  return out;
}

/** A leaderboard record as core/leaderboards.ts returns it. */
export interface LeaderboardRecordRecord {
  leaderboardId: string;
  ownerId: string;
  username: string | null;
  score: bigint;
  subscore: bigint;
  numScore: number;
  maxNumScore: number;
  metadata: string;
  createTime: Date;
  updateTime: Date;
  expiryTime: Date | null;
  rank: number;
}

export function leaderboardRecordMsg(r: LeaderboardRecordRecord): Msg {
  const out: Msg = {};
  put(out, 'leaderboard_id', r.leaderboardId);
  put(out, 'owner_id', r.ownerId);
  putWrapped(out, 'username', r.username);
  putInt64(out, 'score', r.score);
  putInt64(out, 'subscore', r.subscore);
  put(out, 'num_score', r.numScore);
  out.metadata = jsonString(r.metadata);
  put(out, 'create_time', r.createTime);
  put(out, 'update_time', r.updateTime);
  put(out, 'expiry_time', r.expiryTime);
  putInt64(out, 'rank', r.rank);
  put(out, 'max_num_score', r.maxNumScore);
  return out;
}

export function leaderboardRecordListMsg(l: {
  records: LeaderboardRecordRecord[];
  ownerRecords: LeaderboardRecordRecord[];
  nextCursor?: string;
  prevCursor?: string;
  rankCount: number;
}): Msg {
  const out: Msg = {};
  put(out, 'records', l.records.map(leaderboardRecordMsg));
  put(out, 'owner_records', l.ownerRecords.map(leaderboardRecordMsg));
  put(out, 'next_cursor', l.nextCursor);
  put(out, 'prev_cursor', l.prevCursor);
  putInt64(out, 'rank_count', l.rankCount);
  return out;
}

/** A tournament as core/tournaments.ts lists it, with its current period's deadlines. */
export interface TournamentRecord {
  id: string;
  authoritative: boolean;
  sortOrder: 'asc' | 'desc';
  operator: 'best' | 'set' | 'incr' | 'decr';
  metadata: Record<string, unknown>;
  createTime: Date;
  tournament: {
    title: string; description: string; category: number; duration: number; startTime: Date; endTime: Date | null;
    joinRequired: boolean; maxSize: number; maxNumScore: number;
  };
  deadlines: { startActive: Date; endActive: Date; nextReset: Date | null; prevReset: Date | null };
  size: number;
  canEnter: boolean;
}

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

function tournamentMsg(t: TournamentRecord): Msg {
  const out: Msg = {};
  put(out, 'id', t.id);
  put(out, 'title', t.tournament.title);
  put(out, 'description', t.tournament.description);
  put(out, 'category', t.tournament.category);
  put(out, 'sort_order', t.sortOrder === 'asc' ? 0 : 1);
  put(out, 'size', t.size);
  put(out, 'max_size', t.tournament.maxSize);
  put(out, 'max_num_score', t.tournament.maxNumScore);
  put(out, 'can_enter', t.canEnter);
  put(out, 'end_active', unix(t.deadlines.endActive));
  put(out, 'next_reset', unix(t.deadlines.nextReset));
  out.metadata = jsonString(t.metadata);
  put(out, 'create_time', t.createTime);
  put(out, 'start_time', t.tournament.startTime);
  put(out, 'end_time', t.tournament.endTime);
  put(out, 'duration', t.tournament.duration);
  put(out, 'start_active', unix(t.deadlines.startActive));
  put(out, 'prev_reset', unix(t.deadlines.prevReset));
  put(out, 'operator', ['best', 'set', 'incr', 'decr'].indexOf(t.operator) + 1);
  put(out, 'authoritative', t.authoritative);
  put(out, 'join_required', t.tournament.joinRequired);
  return out;
}

export function tournamentListMsg(l: { tournaments: TournamentRecord[]; cursor?: string }): Msg {
  const out: Msg = {};
  put(out, 'tournaments', l.tournaments.map(tournamentMsg));
  put(out, 'cursor', l.cursor);
  return out;
}

// The API's messages as JSON Schema, for the API description (openapi.ts): the protojson shapes that
// encode.ts writes and input.ts reads (snake_case, empty fields omitted, int64 as strings, wrapper
// values kept when zero, "JSON inside a string" fields). Answers list no required fields: protojson
// leaves out every empty one.

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const text = (description?: string): Schema => (description ? { type: 'string', description } : { type: 'string' });
const time: Schema = { type: 'string', format: 'date-time', description: 'RFC 3339, UTC.' };
const int32 = (description?: string): Schema => ({ type: 'integer', format: 'int32', ...(description ? { description } : {}) });
const bool: Schema = { type: 'boolean' };
const int64 = (description: string): Schema => ({ type: 'string', pattern: '^-?\\d+$', description: `${description} (int64 as a string).` });
const uuid: Schema = { type: 'string', format: 'uuid' };
const jsonText = (description: string): Schema => ({ type: 'string', contentMediaType: 'application/json', description: `${description} (JSON text).` });
const list = (items: Schema): Schema => ({ type: 'array', items });
const cursor = text('Where the next page starts; absent on the last page.');
const vars: Schema = {
  type: 'object',
  additionalProperties: { type: 'string' },
  description: 'Session variables, carried in the session token.',
};

function obj(properties: Record<string, Schema>, description?: string, required?: string[]): Schema {
  const out: Schema = { type: 'object', properties };
  if (required?.length) out.required = required;
  if (description) out.description = description;
  return out;
}

const user = obj({
  id: uuid,
  username: text(),
  display_name: text(),
  avatar_url: text(),
  lang_tag: text(),
  location: text(),
  timezone: text(),
  metadata: jsonText('Metadata, "{}" when none'),
  facebook_id: text(),
  google_id: text(),
  gamecenter_id: text(),
  steam_id: text(),
  online: bool,
  edge_count: int32('Friends and groups.'),
  create_time: time,
  update_time: time,
  facebook_instant_game_id: text(),
  apple_id: text(),
}, 'A user.');

const group = obj({
  id: uuid,
  creator_id: uuid,
  name: text(),
  description: text(),
  lang_tag: text(),
  metadata: jsonText('Metadata, "{}" when none'),
  avatar_url: text(),
  open: { type: 'boolean', description: 'Present even when false.' },
  edge_count: int32('Members.'),
  max_count: int32('Largest number of members.'),
  create_time: time,
  update_time: time,
}, 'A group.');

const channelMessage = obj({
  channel_id: text(),
  message_id: uuid,
  code: int32('Present even when 0.'),
  sender_id: uuid,
  username: text(),
  content: jsonText('The message'),
  create_time: time,
  update_time: time,
  persistent: { type: 'boolean', description: 'Present even when false.' },
  room_name: text(),
  group_id: uuid,
  user_id_one: uuid,
  user_id_two: uuid,
}, 'A chat message.');

const storageObject = obj({
  collection: text(),
  key: text(),
  user_id: uuid,
  value: jsonText('The stored JSON object'),
  version: text('Hex MD5 of the value.'),
  permission_read: int32('0 owner only through the server, 1 owner, 2 public.'),
  permission_write: int32('0 server only, 1 owner.'),
  create_time: time,
  update_time: time,
}, 'A storage object.');

const accountFields = (fields: Record<string, Schema>, description: string) => obj({ ...fields, vars }, description);

/** Every message by name: components/schemas of the description. */
export const MESSAGES = {
  Error: obj({ code: int32('The gRPC status code.'), message: text() }, 'An error, as the gateway writes it.', ['code', 'message']),
  RpcError: obj({
    error: { description: 'The error text, or {} when the function itself failed.' },
    message: text(),
    code: int32('The gRPC status code.'),
  }, 'An RPC\'s error, in the RPC handler\'s own shape.', ['message', 'code']),
  Empty: obj({}, 'Nothing: {}.'),
  RpcAnswer: obj({
    payload: jsonText('The function\'s answer, "" when it answers nothing'),
  }, 'An RPC\'s answer.', ['payload']),
  Session: obj({
    created: { type: 'boolean', description: 'Whether the account was created by this call; absent when false.' },
    token: text('The session token (HS256 JWT).'),
    refresh_token: text('The refresh token (HS256 JWT).'),
  }, 'A session.', ['token', 'refresh_token']),
  User: user,
  Users: obj({ users: list(ref('User')) }, 'Users.'),
  Account: obj({
    user: ref('User'),
    wallet: jsonText('The wallet\'s balances, "{}" when none'),
    email: text(),
    devices: list(obj({ id: text() })),
    custom_id: text(),
    verify_time: time,
    disable_time: time,
  }, 'The caller\'s account.'),
  AccountDevice: accountFields({ id: text('10 to 128 bytes.') }, 'A device id.'),
  AccountCustom: accountFields({ id: text('6 to 128 bytes, no spaces.') }, 'A custom id.'),
  AccountEmail: accountFields({ email: text(), password: text('At least 8 characters.') }, 'An e-mail address and password.'),
  AccountToken: accountFields({
    token: text('The provider\'s token: an ID token (Apple, Google, Facebook Limited Login), an access token (Facebook) or a session ticket in hex (Steam).'),
  }, 'A third-party provider\'s token.'),
  AccountFacebookInstantGame: accountFields({
    signed_player_info: text('"<signature>.<payload>", base64url: the payload signed with HMAC-SHA256 by the app secret.'),
  }, 'A Facebook Instant Games player\'s signed info.'),
  AccountGameCenter: accountFields({
    player_id: text(),
    bundle_id: text('One of GAMECENTER_BUNDLE_IDS.'),
    timestamp_seconds: { type: 'string', format: 'int64', description: 'The timestamp as signed.' },
    salt: text('Base64.'),
    signature: text('Base64: RSA-SHA256 over player_id, bundle_id, the timestamp (8 bytes, big-endian) and the salt.'),
    public_key_url: text('The signing key\'s certificate, on an allowed host (GAMECENTER_KEY_HOSTS), over https.'),
  }, 'Game Center\'s identity verification signature.'),
  LinkSteam: obj({
    account: ref('AccountToken'),
    sync: { type: 'boolean', description: 'Import the player\'s Steam friends too.' },
  }, 'A Steam ticket to link.'),
  AccountUpdate: obj({
    username: text(), display_name: text(), avatar_url: text(), lang_tag: text(), location: text(), timezone: text(),
  }, 'The fields to change; absent ones stay.'),
  SessionRefresh: obj({ token: text('The refresh token.'), vars }, 'A refresh: with vars (even {}) they replace the old ones.'),
  SessionLogout: obj({ token: text(), refresh_token: text() }, 'The tokens to end; both empty ends every session of the caller.'),
  Group: group,
  GroupList: obj({ groups: list(ref('Group')), cursor }, 'A page of groups.'),
  GroupCreate: obj({
    name: text(), description: text(), lang_tag: text(), avatar_url: text(), open: bool, max_count: int32(),
  }, 'A new group.'),
  GroupUpdate: obj({
    name: text(), description: text(), lang_tag: text(), avatar_url: text(), open: bool,
  }, 'The group\'s fields to change; absent ones stay.'),
  GroupUserList: obj({
    group_users: list(obj({ user: ref('User'), state: int32('0 superadmin, 1 admin, 2 member, 3 join request.') })),
    cursor,
  }, 'A page of a group\'s members.'),
  UserGroupList: obj({
    user_groups: list(obj({ group: ref('Group'), state: int32('0 superadmin, 1 admin, 2 member, 3 join request.') })),
    cursor,
  }, 'A page of a user\'s groups.'),
  Friend: obj({
    user: ref('User'),
    state: int32('0 friend, 1 invite sent, 2 invite received, 3 blocked; present even when 0.'),
    update_time: time,
    metadata: jsonText('Metadata, "{}" when none'),
  }, 'A friend.'),
  FriendList: obj({ friends: list(ref('Friend')), cursor }, 'A page of friends.'),
  FriendsOfFriends: obj({
    friends_of_friends: list(obj({ referrer: uuid, user: ref('User') })),
    cursor,
  }, 'A page of friends of friends.'),
  ChannelMessage: channelMessage,
  ChannelMessageList: obj({
    messages: list(ref('ChannelMessage')),
    next_cursor: text(),
    prev_cursor: text(),
    cacheable_cursor: text(),
  }, 'A page of a channel\'s messages.'),
  Notification: obj({
    id: uuid,
    subject: text(),
    content: jsonText('The notification'),
    code: int32('Negative codes are the system\'s.'),
    sender_id: uuid,
    create_time: time,
    persistent: bool,
  }, 'A notification.'),
  NotificationList: obj({ notifications: list(ref('Notification')), cacheable_cursor: text() }, 'A page of notifications.'),
  StorageObject: storageObject,
  StorageObjects: obj({ objects: list(ref('StorageObject')) }, 'Storage objects; missing ones are absent.'),
  StorageObjectList: obj({ objects: list(ref('StorageObject')), cursor }, 'A page of a collection\'s objects.'),
  StorageObjectAcks: obj({
    acks: list(obj({ collection: text(), key: text(), version: text(), user_id: uuid, create_time: time, update_time: time })),
  }, 'The objects written.'),
  ReadStorageObjects: obj({
    object_ids: list(obj({ collection: text(), key: text(), user_id: text('The owner\'s id; empty for the system\'s objects.') }, 'An object to read.')),
  }, 'Objects to read.'),
  WriteStorageObjects: obj({
    objects: list(obj({
      collection: text(),
      key: text(),
      value: jsonText('A JSON object'),
      version: text('"" writes unconditionally, "*" only if absent, a version only if it matches.'),
      permission_read: int32('0, 1 or 2; 1 when absent.'),
      permission_write: int32('0 or 1; 1 when absent.'),
    })),
  }, 'Objects to write, in one transaction.'),
  DeleteStorageObjects: obj({
    object_ids: list(obj({ collection: text(), key: text(), version: text('When given, it must match.') }, 'An object of the caller\'s.')),
  }, 'Objects to delete.'),
  LeaderboardRecord: obj({
    leaderboard_id: text(),
    owner_id: uuid,
    username: text('Present even when empty.'),
    score: int64('The score.'),
    subscore: int64('The subscore.'),
    num_score: int32('Accepted writes.'),
    metadata: jsonText('Metadata, "{}" when none'),
    create_time: time,
    update_time: time,
    expiry_time: { ...time, description: 'The end of the record\'s period; absent on a board without resets.' },
    rank: int64('1 for the first; absent when the board does not rank.'),
    max_num_score: int32(),
  }, 'A leaderboard record.'),
  LeaderboardRecordList: obj({
    records: list(ref('LeaderboardRecord')),
    owner_records: list(ref('LeaderboardRecord')),
    next_cursor: text(),
    prev_cursor: text(),
    rank_count: int64('Records in the period.'),
  }, 'A page of a leaderboard\'s records.'),
  WriteLeaderboardRecord: obj({
    score: int64('The score; 0 when absent.'),
    subscore: int64('The subscore; 0 when absent.'),
    metadata: jsonText('A JSON object; absent keeps the stored one'),
    operator: int32('0 the board\'s operator, 1 best, 2 set, 3 incr, 4 decr.'),
  }, 'A record to write.'),
  Tournament: obj({
    id: text(),
    title: text(),
    description: text(),
    category: int32('0-127.'),
    sort_order: int32('0 ascending, 1 descending.'),
    size: int32('Joins in the current period.'),
    max_size: int32('0: no limit.'),
    max_num_score: int32('Score attempts per player and period; 0: no limit.'),
    can_enter: { type: 'boolean', description: 'Active now and not full.' },
    end_active: int32('When the current period stops taking scores (unix seconds).'),
    next_reset: int32('The next reset (unix seconds); absent without a reset schedule.'),
    metadata: jsonText('Metadata'),
    create_time: time,
    start_time: time,
    end_time: { ...time, description: 'Absent when the tournament does not end.' },
    duration: int32('Seconds each period stays active.'),
    start_active: int32('When the current (or first) period starts taking scores (unix seconds).'),
    prev_reset: int32('The last reset since the start (unix seconds).'),
    operator: int32('1 best, 2 set, 3 incr, 4 decr.'),
    authoritative: bool,
    join_required: bool,
  }, 'A tournament, with its current period\'s deadlines.'),
  TournamentList: obj({ tournaments: list(ref('Tournament')), cursor }, 'Tournaments not yet ended, by id.'),
  Match: obj({
    match_id: text(),
    authoritative: bool,
    label: text('Present even when empty.'),
    size: int32('Presences.'),
    tick_rate: int32(),
    handler_name: text(),
  }, 'A match.'),
  MatchList: obj({ matches: list(ref('Match')) }, 'Matches.'),
  Event: obj({
    name: text('At most 256 characters.'),
    properties: { type: 'object', additionalProperties: { type: 'string' } },
    timestamp: time,
    external: bool,
  }, 'An analytics event.', ['name']),
  ValidatedPurchase: obj({
    user_id: uuid,
    product_id: text(),
    transaction_id: text('The store\'s transaction id; a purchase is stored once under it.'),
    store: int32('0 Apple App Store (left out), 1 Google Play, 2 Huawei AppGallery, 3 Facebook Instant.'),
    purchase_time: time,
    create_time: { ...time, description: 'When stored; absent when validated with persist false.' },
    update_time: time,
    refund_time: time,
    provider_response: jsonText('The store\'s answer'),
    environment: int32('0 unknown, 1 sandbox, 2 production.'),
    seen_before: { type: 'boolean', description: 'Stored already by an earlier validation.' },
  }, 'A purchase its store confirmed.'),
  ValidatePurchaseResponse: obj({ validated_purchases: list(ref('ValidatedPurchase')) }, 'The purchases a receipt holds.'),
  PurchaseList: obj({ validated_purchases: list(ref('ValidatedPurchase')), cursor }, 'A page of the caller\'s purchases, newest first.'),
  ValidatedSubscription: obj({
    user_id: uuid,
    product_id: text(),
    original_transaction_id: text('Shared by the subscription\'s renewals; stored once under it.'),
    store: int32('0 Apple App Store (left out), 1 Google Play.'),
    purchase_time: time,
    create_time: time,
    update_time: time,
    environment: int32('0 unknown, 1 sandbox, 2 production.'),
    expiry_time: time,
    refund_time: time,
    provider_response: jsonText('The store\'s answer'),
    active: { type: 'boolean', description: 'Not yet expired nor refunded.' },
  }, 'A subscription its store confirmed.'),
  ValidateSubscriptionResponse: obj({ validated_subscription: ref('ValidatedSubscription') }, 'The subscription a receipt holds.'),
  SubscriptionList: obj({ validated_subscriptions: list(ref('ValidatedSubscription')), cursor }, 'A page of the caller\'s subscriptions, newest first.'),
  ListSubscriptions: obj({ limit: int32('1-1000; 100 when absent.'), cursor: text() }, 'Which page of subscriptions.'),
  ValidatePurchaseApple: obj({ receipt: text('The base64 receipt.'), persist: { type: 'boolean', description: 'Store it; true when absent.' } }, 'An Apple receipt.', ['receipt']),
  ValidatePurchaseGoogle: obj({ purchase: text('The purchase\'s JSON (productId, packageName, purchaseToken), or Unity\'s receipt holding it.'), persist: bool }, 'A Google Play purchase.', ['purchase']),
  ValidatePurchaseHuawei: obj({ purchase: text('InAppPurchaseData JSON.'), signature: text('Its base64 signature.'), persist: bool }, 'A Huawei purchase.', ['purchase', 'signature']),
  ValidatePurchaseFacebookInstant: obj({ signed_request: text('"<signature>.<payload>", base64url.'), persist: bool }, 'A Facebook Instant Games payment.', ['signed_request']),
  ValidateSubscription: obj({ receipt: text('Apple\'s base64 receipt, or Google Play\'s purchase JSON.'), persist: bool }, 'A subscription receipt.', ['receipt']),
  VideoUploaded: obj({
    video_id: uuid,
    status: { type: 'string', enum: ['queued'], description: 'Queued for encoding; then processing, ready or failed.' },
  }, 'A whole upload accepted as a video.', ['video_id', 'status']),
  OpenApiDocument: obj({}, 'An OpenAPI 3.1 document: this one.'),
} satisfies Record<string, Schema>;

export type MessageName = keyof typeof MESSAGES;

// What the API description says of each REST route beyond what the route table holds (method, path,
// credentials): a summary, its query parameters, its body and its answer, by "METHOD /path" as the
// table spells it. A route missing here is still described, generically; a shape naming no route
// fails the description's test.
import { PROVIDER_NAMES } from '../core/providers.ts';
import type { MessageName } from './openapi-messages.ts';

type QueryType = 'string' | 'integer' | 'boolean' | 'string[]';

export interface RouteShape {
  summary: string;
  description?: string;
  query?: Record<string, QueryType>;
  /** The JSON body's message. */
  body?: MessageName;
  /** The answer's message, or the media type of a file. */
  answer: MessageName | { file: string };
}

const page = { limit: 'integer', cursor: 'string' } as const;
const targets = { ids: 'string[]', usernames: 'string[]' } as const;

/** The body of a provider's authenticate, link and unlink calls. */
const ACCOUNT_BODY: Record<string, MessageName> = {
  device: 'AccountDevice',
  custom: 'AccountCustom',
  email: 'AccountEmail',
  facebookinstantgame: 'AccountFacebookInstantGame',
  gamecenter: 'AccountGameCenter',
};

/** The settings that turn a provider on (README: Sign-in providers). */
const PROVIDER_SETTINGS: Record<string, string> = {
  apple: 'APPLE_BUNDLE_ID',
  facebook: 'FACEBOOK_APP_ID',
  facebookinstantgame: 'FACEBOOK_INSTANT_APP_SECRET',
  gamecenter: 'GAMECENTER_BUNDLE_IDS',
  google: 'GOOGLE_CLIENT_ID',
  steam: 'STEAM_PUBLISHER_KEY and STEAM_APP_ID',
};

function providerShapes(): Record<string, RouteShape> {
  const out: Record<string, RouteShape> = {};
  for (const provider of ['device', 'custom', 'email', ...Object.keys(PROVIDER_NAMES)]) {
    const body = ACCOUNT_BODY[provider] ?? 'AccountToken';
    const third = PROVIDER_NAMES[provider];
    const note = third
      ? `${third} sign-in needs that provider configured (${PROVIDER_SETTINGS[provider]}); otherwise 400 "${third} authentication is not configured.". ` +
        'A refused proof is 401, a provider that cannot be reached 503.'
      : undefined;
    const sync: Record<string, QueryType> = provider === 'facebook' || provider === 'steam' ? { sync: 'boolean' } : {};
    out[`POST /v2/account/authenticate/${provider}`] = {
      summary: `Sign in by ${third ?? provider}, creating the account unless create=false`,
      description: note,
      query: { create: 'boolean', username: 'string', ...sync },
      body,
      answer: 'Session',
    };
    out[`POST /v2/account/link/${provider}`] = {
      summary: `Link a ${third ?? provider} credential to the caller's account`,
      description: note,
      ...(provider === 'facebook' ? { query: sync } : {}),
      body: provider === 'steam' ? 'LinkSteam' : body,
      answer: 'Empty',
    };
    out[`POST /v2/account/unlink/${provider}`] = { summary: `Unlink a ${third ?? provider} credential (never the last one)`, description: note, body, answer: 'Empty' };
  }
  return out;
}

const MEMBER_CHANGES = { add: 'Add users to', kick: 'Kick users from', ban: 'Ban users from', promote: 'Promote members of', demote: 'Demote members of' };

const RPC_DESCRIPTION =
  'A named function of a runtime module. Credentials: a session token, or the HTTP key as `http_key` or Basic. ' +
  'Each registered RPC has its own path below, with its payload\'s schema.';

export const ROUTE_SHAPES: Record<string, RouteShape> = {
  ...providerShapes(),
  'POST /v2/account/session/refresh': { summary: 'A new session from a refresh token', body: 'SessionRefresh', answer: 'Session' },
  'POST /v2/session/logout': { summary: 'End the given sessions, or every session of the caller', body: 'SessionLogout', answer: 'Empty' },
  'GET /v2/account': { summary: 'The caller\'s account', answer: 'Account' },
  'PUT /v2/account': { summary: 'Change the caller\'s profile', body: 'AccountUpdate', answer: 'Empty' },
  'DELETE /v2/account': { summary: 'Delete the caller\'s account and end its sessions', answer: 'Empty' },
  'GET /v2/user': { summary: 'Users by ids, usernames or Facebook ids', query: { ...targets, facebook_ids: 'string[]' }, answer: 'Users' },
  'GET /v2/friend': { summary: 'The caller\'s friends, invites and blocked users', query: { ...page, state: 'integer' }, answer: 'FriendList' },
  'POST /v2/friend': { summary: 'Invite users as friends, or accept their invites', query: targets, answer: 'Empty' },
  'DELETE /v2/friend': { summary: 'Remove friends, invites or blocks', query: targets, answer: 'Empty' },
  'POST /v2/friend/block': { summary: 'Block users', query: targets, answer: 'Empty' },
  'GET /v2/friend/friends': { summary: 'Friends of the caller\'s friends', query: page, answer: 'FriendsOfFriends' },
  'POST /v2/friend/facebook': {
    summary: 'Import Facebook friends',
    description: 'Friends who have accounts become friends at once; reset=true first removes the caller\'s other friends and invites (not blocks). ' +
      'Needs FACEBOOK_APP_ID, else 400.',
    query: { reset: 'boolean' },
    body: 'AccountToken',
    answer: 'Empty',
  },
  'POST /v2/friend/steam': {
    summary: 'Import Steam friends',
    description: 'The ticket\'s player\'s Steam friends who have accounts become friends at once; reset=true first removes the caller\'s other friends and invites (not blocks). ' +
      'Needs STEAM_PUBLISHER_KEY and STEAM_APP_ID, else 400.',
    query: { reset: 'boolean' },
    body: 'AccountToken',
    answer: 'Empty',
  },
  'GET /v2/notification': { summary: 'The caller\'s notifications, oldest first', query: { limit: 'integer', cacheable_cursor: 'string' }, answer: 'NotificationList' },
  'DELETE /v2/notification': { summary: 'Delete notifications', query: { ids: 'string[]' }, answer: 'Empty' },
  'POST /v2/leaderboard/{leaderboardId}': {
    summary: 'Write the caller\'s record',
    description: 'Refused with 403 on an authoritative board; counts against the per-user write limit.',
    body: 'WriteLeaderboardRecord',
    answer: 'LeaderboardRecord',
  },
  'DELETE /v2/leaderboard/{leaderboardId}': { summary: 'Delete the caller\'s record of the current period', answer: 'Empty' },
  'GET /v2/leaderboard/{leaderboardId}': {
    summary: 'A page of a board\'s records, ranked, and the records of owner_ids',
    query: { ...page, owner_ids: 'string[]', expiry: 'string' },
    answer: 'LeaderboardRecordList',
  },
  'GET /v2/leaderboard/{leaderboardId}/owner/{ownerId}': {
    summary: 'Records around an owner\'s record',
    query: { ...page, expiry: 'string' },
    answer: 'LeaderboardRecordList',
  },
  'GET /v2/tournament': {
    summary: 'Tournaments not yet ended, by category, start and end',
    query: { category_start: 'integer', category_end: 'integer', start_time: 'integer', end_time: 'integer', ...page },
    answer: 'TournamentList',
  },
  'PUT /v2/tournament/{tournamentId}': {
    summary: 'Write the caller\'s tournament record',
    description: 'Only while the tournament is active, after joining when it requires it, within max_num_score; refused with 403 when authoritative; counts against the per-user write limit.',
    body: 'WriteLeaderboardRecord',
    answer: 'LeaderboardRecord',
  },
  'POST /v2/tournament/{tournamentId}': {
    summary: 'Write the caller\'s tournament record (as PUT)',
    body: 'WriteLeaderboardRecord',
    answer: 'LeaderboardRecord',
  },
  'DELETE /v2/tournament/{tournamentId}': { summary: 'Delete the caller\'s record of the current period', answer: 'Empty' },
  'GET /v2/tournament/{tournamentId}': {
    summary: 'A page of a tournament\'s records, ranked, and the records of owner_ids',
    query: { ...page, owner_ids: 'string[]', expiry: 'string' },
    answer: 'LeaderboardRecordList',
  },
  'POST /v2/tournament/{tournamentId}/join': {
    summary: 'Join a tournament\'s current period',
    description: 'A no-op unless the tournament requires joining, and when joined already; refused outside the active window and when full. Counts against the per-user write limit.',
    answer: 'Empty',
  },
  'GET /v2/tournament/{tournamentId}/owner/{ownerId}': {
    summary: 'Records around an owner\'s tournament record',
    query: { ...page, expiry: 'string' },
    answer: 'LeaderboardRecordList',
  },
  'POST /v2/storage': { summary: 'Read storage objects', body: 'ReadStorageObjects', answer: 'StorageObjects' },
  'PUT /v2/storage': { summary: 'Write storage objects', body: 'WriteStorageObjects', answer: 'StorageObjectAcks' },
  'PUT /v2/storage/delete': { summary: 'Delete storage objects', body: 'DeleteStorageObjects', answer: 'Empty' },
  'GET /v2/storage/{collection}': { summary: 'A collection\'s objects the caller may read', query: { ...page, user_id: 'string' }, answer: 'StorageObjectList' },
  'GET /v2/storage/{collection}/{userId}': { summary: 'A user\'s objects of a collection', query: page, answer: 'StorageObjectList' },
  'POST /v2/group': { summary: 'Create a group', body: 'GroupCreate', answer: 'Group' },
  'GET /v2/group': {
    summary: 'Groups by name, language, size or openness',
    query: { name: 'string', lang_tag: 'string', members: 'integer', open: 'boolean', ...page },
    answer: 'GroupList',
  },
  'PUT /v2/group/{groupId}': { summary: 'Change a group', body: 'GroupUpdate', answer: 'Empty' },
  'DELETE /v2/group/{groupId}': { summary: 'Delete a group', answer: 'Empty' },
  'POST /v2/group/{groupId}/join': { summary: 'Join a group, or ask to', answer: 'Empty' },
  'POST /v2/group/{groupId}/leave': { summary: 'Leave a group', answer: 'Empty' },
  ...Object.fromEntries(Object.entries(MEMBER_CHANGES).map(([path, summary]): [string, RouteShape] => [
    `POST /v2/group/{groupId}/${path}`,
    { summary: `${summary} a group`, query: { user_ids: 'string[]' }, answer: 'Empty' },
  ])),
  'GET /v2/group/{groupId}/user': { summary: 'A group\'s members', query: { ...page, state: 'integer' }, answer: 'GroupUserList' },
  'GET /v2/user/{userId}/group': { summary: 'A user\'s groups', query: { ...page, state: 'integer' }, answer: 'UserGroupList' },
  'GET /v2/channel/{channelId}': {
    summary: 'A channel\'s message history',
    query: { limit: 'integer', forward: 'boolean', cursor: 'string' },
    answer: 'ChannelMessageList',
  },
  'GET /v2/match': {
    summary: 'Matches by size, label or query',
    query: { limit: 'integer', authoritative: 'boolean', label: 'string', min_size: 'integer', max_size: 'integer', query: 'string' },
    answer: 'MatchList',
  },
  'POST /v2/event': { summary: 'Send an analytics event to the runtime modules', body: 'Event', answer: 'Empty' },
  'GET /v2/rpc/{id}': {
    summary: 'Call an RPC without a payload',
    description: `${RPC_DESCRIPTION} Over GET the payload is "" (a \`payload\` query parameter is not used); every query parameter but http_key reaches the function.`,
    answer: 'RpcAnswer',
  },
  'POST /v2/rpc/{id}': {
    summary: 'Call an RPC',
    description: `${RPC_DESCRIPTION} The body is a JSON string holding the payload's JSON text; with \`?unwrap\` it is the payload itself, and the answer is the payload.`,
    answer: 'RpcAnswer',
  },
  'GET /uploads/{id}': {
    summary: 'An uploaded file',
    description: 'No credentials: file ids are unguessable. The answer never changes for an id (immutable, with an ETag); `w` scales an image to one of the offered widths.',
    query: { w: 'integer' },
    answer: { file: 'image/webp' },
  },
  'POST /v2/iap/purchase/apple': { summary: 'Validate an Apple receipt and store its purchases', description: 'Needs APPLE_IAP_SHARED_PASSWORD; otherwise 400 "Apple IAP is not configured.". Past LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE, 429; a store that cannot be reached, 503.', body: 'ValidatePurchaseApple', answer: 'ValidatePurchaseResponse' },
  'POST /v2/iap/purchase/google': { summary: 'Validate a Google Play purchase and store it', description: 'Needs GOOGLE_IAP_CLIENT_EMAIL; otherwise 400 "Google IAP is not configured.". Past LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE, 429; a store that cannot be reached, 503.', body: 'ValidatePurchaseGoogle', answer: 'ValidatePurchaseResponse' },
  'POST /v2/iap/purchase/huawei': { summary: 'Validate a Huawei purchase and store it', description: 'Needs HUAWEI_IAP_CLIENT_ID; otherwise 400 "Huawei IAP is not configured.". Past LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE, 429; a store that cannot be reached, 503.', body: 'ValidatePurchaseHuawei', answer: 'ValidatePurchaseResponse' },
  'POST /v2/iap/purchase/facebookinstant': {
    summary: 'Validate a Facebook Instant Games payment and store it',
    description: 'Needs FACEBOOK_INSTANT_APP_SECRET; otherwise 400 "Facebook Instant IAP is not configured.". Past LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE, 429; a store that cannot be reached, 503.',
    body: 'ValidatePurchaseFacebookInstant',
    answer: 'ValidatePurchaseResponse',
  },
  'GET /v2/iap/purchase': { summary: 'The caller\'s purchases, newest first', query: page, answer: 'PurchaseList' },
  'POST /v2/iap/subscription/apple': { summary: 'Validate an Apple subscription receipt and store it', description: 'Needs APPLE_IAP_SHARED_PASSWORD; otherwise 400 "Apple IAP is not configured.". Past LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE, 429; a store that cannot be reached, 503.', body: 'ValidateSubscription', answer: 'ValidateSubscriptionResponse' },
  'POST /v2/iap/subscription/google': { summary: 'Validate a Google Play subscription and store it', description: 'Needs GOOGLE_IAP_CLIENT_EMAIL; otherwise 400 "Google IAP is not configured.". Past LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE, 429; a store that cannot be reached, 503.', body: 'ValidateSubscription', answer: 'ValidateSubscriptionResponse' },
  'POST /v2/iap/subscription': { summary: 'The caller\'s subscriptions, newest first (as the client asks)', body: 'ListSubscriptions', answer: 'SubscriptionList' },
  'GET /v2/iap/subscription': { summary: 'The caller\'s subscriptions, newest first', query: page, answer: 'SubscriptionList' },
  'GET /v2/iap/subscription/{productId}': { summary: 'The caller\'s subscription to a product (404 when none)', answer: 'ValidatedSubscription' },
  'GET /v2/openapi.json': { summary: 'This API description', answer: 'OpenApiDocument' },
};

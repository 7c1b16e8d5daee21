// What runtime modules import from the server.
export type { HttpRouteHandler, HttpRouteRequest, HttpRouteResponse } from './runtime/types.ts';
export type { Initializer, PageMeta, PageMetaContext, PageMetaFunction, RpcContext, RpcDescription, RpcFunction, RpcOptions, RuntimeModule, EventHandler, ApiEvent, NkDeliveredNotifications, NotificationsDeliveredFunction } from './runtime/types.ts';
export type { RtContext, RtMessage, RtBeforeHook, RtAfterHook, RpcBeforeHook, RpcAfterHook } from './runtime/types.ts';
export type {
  ApiContext, ApiBeforeHook, ApiName, ApiRequests, CreateGroupRequest, UpdateGroupRequest, GroupRequest, GroupUsersRequest,
} from './runtime/types.ts';
export type { Nk, NkUser, NkAccount, NkTokens } from './runtime/nk.ts';
export type { NkFriend, NkFriendList } from './runtime/nk-friends.ts';
export type { NkFile, NkFileContent, NkVideo } from './runtime/nk-files.ts';
export type { NkStorageId, NkStorageDeleteId, NkStorageWrite, NkStorageObject, NkStorageAck, NkStorageList } from './runtime/nk-storage.ts';
export type { NkTx } from './runtime/nk-tx.ts';
export type { NkWalletUpdate, NkWalletUpdateResult, NkWalletLedgerItem, NkWalletLedgerList } from './runtime/nk-wallet.ts';
export type { NkGroup, NkGroupInput, NkGroupUserList, NkUserGroupList } from './runtime/nk-groups.ts';
export type {
  NkChannelMessage, NkChannelMessageAck, NkChannelMessageList, NkChannelSummary, NkChannelSummaryOptions, NkStream, NkStreamPresence,
} from './runtime/nk-realtime.ts';
export type { NkMatch } from './runtime/nk-matches.ts';
export type { NkLeaderboard, NkLeaderboardRecord, NkLeaderboardRecordList } from './runtime/nk-leaderboards.ts';
export type { LeaderboardResetContext, LeaderboardResetFunction, TournamentContext, TournamentEndFunction, TournamentResetFunction } from './runtime/types.ts';
export type { NkTournament, NkTournamentList } from './runtime/nk-tournaments.ts';
export type { NkNotification, NkNotificationCountOptions, NkNotificationList, NkNotificationListOptions } from './runtime/nk-notifications.ts';
export type { NkPurchaseList, NkSubscriptionList, NkValidatedPurchase, NkValidatedSubscription } from './runtime/nk-purchases.ts';
export type {
  MatchContext, MatchDispatcher, MatchHandler, MatchInit, MatchMessage, MatchPresence, MatchmakerMatchedFunction, MatchmakerResult,
} from './runtime/match-types.ts';
export type { Db, Queryable } from './db/index.ts';
export type { Logger } from './log.ts';
export { isUniqueViolation } from './errors.ts';
export { isUuid } from './tokens.ts';
export { storable } from './core/validate.ts';
export { decodeCursor, encodeCursor } from './core/cursor.ts';
export { AppError, Code, invalid, notFound, alreadyExists, permissionDenied, unauthenticated, failedPrecondition, resourceExhausted, internal } from './errors.ts';
export type { RateAnswer, RateLimit, WindowLimit } from './realtime/bus.ts';
export { NotificationCode } from './core/notifications.ts';
export { storedBytes } from './core/chat-limits.ts';

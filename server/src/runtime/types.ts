// What a runtime module sees: the initializer it registers with, the context of each call and `nk`.
import type { Logger } from '../log.ts';
import type { MatchHandler, MatchmakerMatchedFunction } from './match-types.ts';
import type { Nk } from './nk.ts';
import type { NkNotification } from './nk-notifications.ts';
import type { NkLeaderboard } from './nk-leaderboards.ts';
import type { NkTournament } from './nk-tournaments.ts';

export interface RpcContext {
  /** Absent when called with the HTTP key instead of a session. */
  userId?: string;
  username?: string;
  vars?: Record<string, string>;
  /** Expiry (unix seconds) of the caller's session token. */
  userSessionExp?: number;
  /** The socket session, for calls made over the socket. */
  sessionId?: string;
  clientIp: string;
  /** Query parameters of an HTTP call (http_key removed). */
  queryParams: Record<string, string[]>;
  headers: Record<string, string>;
  /** The module settings of the configuration (README: Module settings), also `nk.env`. */
  env: Readonly<Record<string, string>>;
  executionMode: 'rpc';
}

/** Returns the response payload (a string, usually JSON) or nothing. Throw AppError for a coded failure. */
export type RpcFunction = (ctx: RpcContext, payload: string) => Promise<string | void | undefined> | string | void | undefined;

export interface EventContext {
  userId?: string;
  username?: string;
  clientIp: string;
}

export interface ApiEvent {
  name: string;
  properties: Record<string, string>;
  timestamp: Date;
  external: boolean;
}

export type EventHandler = (ctx: EventContext, event: ApiEvent) => Promise<void> | void;

export interface RpcOptions {
  /**
   * A larger request-body cap over HTTP than the gateway's (MAX_REQUEST_SIZE_BYTES), for RPCs that carry
   * uploads. It applies to registered users and HTTP-key calls only; guests keep the gateway's cap.
   */
  maxBodyBytes?: number;
  /**
   * What the API description (GET /v2/openapi.json) says of the RPC. Called when the description is first
   * asked for, not at registration, so a module's schemas cost nothing at start.
   */
  describe?: () => RpcDescription;
}

/** An RPC as the API description shows it; an RPC without one is described as taking any JSON. */
export interface RpcDescription {
  summary?: string;
  description?: string;
  /** JSON Schema (draft 2020-12) of the payload: the JSON text that the request body's string holds. */
  input?: Record<string, unknown>;
  /** Whether a call with the HTTP key alone (no session) is served; true when not said. */
  httpKey?: boolean;
}

/** The caller of a socket message seen by a before or after hook. */
export interface RtContext {
  userId: string;
  username: string;
  vars: Record<string, string>;
  /** Expiry (unix seconds) of the session token. */
  userSessionExp: number;
  sessionId: string;
  clientIp: string;
  /** The socket's `lang` parameter. */
  lang: string;
  /** The module settings of the configuration, also `nk.env`. */
  env: Readonly<Record<string, string>>;
  executionMode: 'before' | 'after';
}

/** A socket message's fields as the client sent them (protojson names, e.g. {target, type} of channel_join). */
export type RtMessage = Record<string, unknown>;

/**
 * Runs before a socket message is handled: returns the message to handle (the same object, changed, or
 * another), or null/undefined to refuse it (the client gets RUNTIME_FUNCTION_EXCEPTION "Requested
 * resource was not found."). A thrown AppError refuses it with its message.
 */
export type RtBeforeHook = (ctx: RtContext, message: RtMessage) => Promise<RtMessage | null | undefined | void> | RtMessage | null | undefined | void;

/**
 * Runs after a socket message was handled successfully and its reply sent, before the socket's next
 * message: `output` is the reply (e.g. {channel: {...}}), null for a bare acknowledgement. Errors are logged.
 */
export type RtAfterHook = (ctx: RtContext, output: RtMessage | null, input: RtMessage) => Promise<void> | void;

/**
 * Runs before an RPC: returns the payload to call it with, or null/undefined to refuse the call
 * (NotFound "Requested resource was not found."). A thrown AppError refuses it with that error.
 */
export type RpcBeforeHook = (ctx: RpcContext, payload: string) => Promise<string | null | undefined | void> | string | null | undefined | void;

/** Runs after an RPC succeeded, before its answer is sent; errors are logged. */
export type RpcAfterHook = (ctx: RpcContext, result: string, payload: string) => Promise<void> | void;

/** The caller of a REST API call, as its before-hook sees them (upstream's context of API hooks). */
export interface ApiContext {
  userId: string;
  username: string;
  vars: Record<string, string>;
  /** Expiry (unix seconds) of the caller's session token. */
  userSessionExp: number;
  clientIp: string;
  /** Query parameters of the call. */
  queryParams: Record<string, string[]>;
  /** Its headers, without authorization and cookie. */
  headers: Record<string, string>;
  /** The module settings of the configuration, also `nk.env`. */
  env: Readonly<Record<string, string>>;
  executionMode: 'before';
}

/** Upstream's request objects of the group API, as its runtime shows them to hooks (camelCase fields). */
export interface CreateGroupRequest {
  name?: string;
  description?: string;
  langTag?: string;
  avatarUrl?: string;
  open?: boolean;
  maxCount?: number;
}
export interface UpdateGroupRequest {
  groupId: string;
  name?: string;
  description?: string;
  langTag?: string;
  avatarUrl?: string;
  open?: boolean;
}
/** DeleteGroup, JoinGroup and LeaveGroup. */
export interface GroupRequest {
  groupId: string;
}
/** AddGroupUsers, KickGroupUsers, BanGroupUsers, PromoteGroupUsers and DemoteGroupUsers. */
export interface GroupUsersRequest {
  groupId: string;
  userIds: string[];
}

/** The API calls modules may hook before, by upstream's name, with their requests. */
export interface ApiRequests {
  CreateGroup: CreateGroupRequest;
  UpdateGroup: UpdateGroupRequest;
  DeleteGroup: GroupRequest;
  JoinGroup: GroupRequest;
  LeaveGroup: GroupRequest;
  AddGroupUsers: GroupUsersRequest;
  KickGroupUsers: GroupUsersRequest;
  BanGroupUsers: GroupUsersRequest;
  PromoteGroupUsers: GroupUsersRequest;
  DemoteGroupUsers: GroupUsersRequest;
}
export type ApiName = keyof ApiRequests;

/**
 * Runs before a REST API call is handled: returns the request to handle (the same object, changed, or
 * another), or null/undefined to refuse it (NotFound "Requested resource was not found."). A thrown
 * AppError refuses it with that error. Modules' own `nk` calls never pass through these hooks.
 */
export type ApiBeforeHook<T> = (ctx: ApiContext, logger: Logger, nk: Nk, request: T) => Promise<T | null | undefined | void> | T | null | undefined | void;

/** Upstream's named registrations of API before-hooks: registerBeforeCreateGroup(fn), ... */
export type ApiHookRegistrations = {
  [K in ApiName as `registerBefore${K}`]: (fn: ApiBeforeHook<ApiRequests[K]>) => void;
};

/**
 * What a crawler (a link preview) reads of one page of the web app: the server writes it into the HTML it
 * sends for that page, since crawlers run no JavaScript.
 */
export interface PageMeta {
  /** The page's own title: og:title, and the document's title before the site's name. */
  title: string;
  /** Plain text: meta description and og:description. */
  description?: string;
  /** An absolute https URL, or a path on this site (made absolute with the site's address). */
  image?: string;
  /** og:type; `website` when absent. */
  type?: string;
  /** og:site_name, also added to the document's title ("title — siteName"). */
  siteName?: string;
}

export interface PageMetaContext {
  /** The page's path, decoded. */
  path: string;
}

/**
 * The metadata of a page whose path matched the pattern (`params` by the pattern's `:name` segments,
 * decoded), or nothing for the app's plain page: a page that is missing or not public must give nothing.
 */
export type PageMetaFunction = (
  params: Record<string, string>,
  ctx: PageMetaContext,
) => Promise<PageMeta | null | undefined> | PageMeta | null | undefined;

/** What a module's HTTP route sees of a GET (or HEAD) request. */
export interface HttpRouteRequest {
  /** The path as requested (still escaped). */
  path: string;
  /** The pattern's `{name}` parameters, decoded. */
  params: Record<string, string>;
  /** Query parameters, each with every value given. */
  query: Record<string, string[]>;
  /** Headers by lower-cased name (several values joined with ", "), without authorization and cookie. */
  headers: Record<string, string>;
  /** The client's address (behind TRUSTED_PROXIES, the forwarded one). */
  clientIp: string;
  /** The module settings of the configuration, also `nk.env`. */
  env: Readonly<Record<string, string>>;
}

/** A route's answer: the body as text or bytes; Content-Type defaults to text/plain, Cache-Control to no-store. */
export interface HttpRouteResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * Answers a GET route of a module. A thrown AppError answers its HTTP status with its message as plain
 * text; anything else is logged and answered 500.
 */
export type HttpRouteHandler = (req: HttpRouteRequest) => Promise<HttpRouteResponse> | HttpRouteResponse;

/** One hook per API call; a module registers it with registerBefore<Name> (README: Writing a runtime module). */
export interface Initializer extends ApiHookRegistrations {
  registerRpc(id: string, fn: RpcFunction, options?: RpcOptions): void;
  /**
   * Page metadata for the web app's pages whose path matches `pattern` ('/news/:id': literal segments and
   * `:name` ones, each matching one non-empty segment). One function per pattern.
   */
  registerPageMeta(pattern: string, fn: PageMetaFunction): void;
  /**
   * A plain HTTP route outside the API, GET only (HEAD is answered alike): `pattern` is "/" and segments,
   * each literal or `{name}` with an optional literal suffix ('/calendar/{token}.ics'). Paths the server
   * answers itself (/v2, /ws, /uploads, /healthz, /readyz, /healthcheck, /assets, /index.html) are refused.
   */
  registerHttpRoute(method: 'GET', pattern: string, fn: HttpRouteHandler): void;
  /** One per RPC id (case-insensitive). */
  registerBeforeRpc(id: string, fn: RpcBeforeHook): void;
  registerAfterRpc(id: string, fn: RpcAfterHook): void;
  /** One per socket message, named as in the envelope (`channel_join`) or as upstream (`ChannelJoin`). */
  registerBeforeRt(messageName: string, fn: RtBeforeHook): void;
  registerAfterRt(messageName: string, fn: RtAfterHook): void;
  registerEvent(fn: EventHandler): void;
  /** A handler of authoritative matches, by name (what nk.matchCreate names); one per name. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  registerMatch(name: string, handler: MatchHandler<any>): void;
  /** The one function told of every match the matchmaker makes; it may create a match for them. */
  registerMatchmakerMatched(fn: MatchmakerMatchedFunction): void;
  /** Called once when the server stops, after transports close. */
  registerShutdown(fn: () => Promise<void> | void): void;
  /**
   * Told of the notifications of every sender (the server's own, REST, the socket and modules) once they are
   * stored and sent to their users' sockets, on the node that sent them; blocked senders' were dropped
   * before. The function must not wait: it queues what it does with them (for example Web Push).
   */
  registerNotificationsDelivered(fn: NotificationsDeliveredFunction): void;
  /**
   * Called once per reset of a board with a reset schedule (once across a cluster), with the board and
   * the reset's time in unix seconds: the end of the period that just closed.
   */
  registerLeaderboardReset(fn: LeaderboardResetFunction): void;
  /**
   * Called once per reset of a tournament with a reset schedule between its start and end (once across a
   * cluster): end, the closed period's end of activity, and reset, its expiry, both in unix seconds.
   */
  registerTournamentReset(fn: TournamentResetFunction): void;
  /** Called once when a tournament's end time passes (once across a cluster); reset: the next reset, or 0. */
  registerTournamentEnd(fn: TournamentEndFunction): void;
}

export interface TournamentContext {
  env: Readonly<Record<string, string>>;
  executionMode: 'tournament_reset' | 'tournament_end';
}

export type TournamentResetFunction = (ctx: TournamentContext, nk: Nk, tournament: NkTournament, end: number, reset: number) => Promise<void> | void;
export type TournamentEndFunction = (ctx: TournamentContext, nk: Nk, tournament: NkTournament, end: number, reset: number) => Promise<void> | void;

export interface LeaderboardResetContext {
  env: Readonly<Record<string, string>>;
  executionMode: 'leaderboard_reset';
}

export type LeaderboardResetFunction = (ctx: LeaderboardResetContext, nk: Nk, leaderboard: NkLeaderboard, reset: number) => Promise<void> | void;

/** One user's notifications, as they were delivered. */
export interface NkDeliveredNotifications {
  userId: string;
  notifications: NkNotification[];
}

export type NotificationsDeliveredFunction = (delivered: NkDeliveredNotifications[]) => void;

export interface RuntimeModule {
  name: string;
  /** A directory of NNNN_name.sql migrations applied before init. */
  migrationsDir?: string;
  init(initializer: Initializer, nk: Nk, logger: Logger): Promise<void> | void;
}

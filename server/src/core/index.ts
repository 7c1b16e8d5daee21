// The core: every rule of the game backend, shared by REST, the socket and runtime modules.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { Bus } from '../realtime/bus.ts';
import { Accounts } from './accounts.ts';
import { Authenticator } from './authenticate.ts';
import { Channels } from './channels.ts';
import { ChatLimits } from './chat-limits.ts';
import { Files } from './files.ts';
import { VideoQueue } from './video-queue.ts';
import { Videos } from './videos.ts';
import { Friends } from './friends.ts';
import { Google } from './google.ts';
import { GroupMembers } from './group-members.ts';
import { Groups } from './groups.ts';
import { Leaderboards } from './leaderboards.ts';
import { Tournaments } from './tournaments.ts';
import { LocalBus } from '../realtime/local-bus.ts';
import { Links } from './links.ts';
import { Mailer } from './mail.ts';
import { Matches } from './matches.ts';
import { Matchmaker } from './matchmaker.ts';
import { Notifications } from './notifications.ts';
import { Parties } from './parties.ts';
import { Purchases } from './purchases.ts';
import { Sessions } from './sessions.ts';
import { SignIn } from './sign-in.ts';
import { Status } from './status.ts';
import { Storage } from './storage.ts';
import { Streams } from './streams.ts';
import { Users } from './users.ts';
import { Wallets } from './wallet.ts';

export interface Core {
  config: Config;
  db: Db;
  logger: Logger;
  /** Delivery, presences, revocations and shared limits: everything that crosses nodes. */
  bus: Bus;
  sessions: Sessions;
  accounts: Accounts;
  authenticator: Authenticator;
  links: Links;
  users: Users;
  notifications: Notifications;
  status: Status;
  storage: Storage;
  wallets: Wallets;
  /** Custom streams of runtime modules. */
  streams: Streams;
  /** Relayed matches, joins of authoritative ones, match listing. */
  matches: Matches;
  parties: Parties;
  /** Started by the app; its matched hook is set by the runtime. */
  matchmaker: Matchmaker;
  channels: Channels;
  /** A user's chat messages a minute and stored bytes a day, shared by the socket and modules. */
  chatLimits: ChatLimits;
  groups: Groups;
  /** Boards, records and ranks; ranks from SQL in a cluster, from this node's cache alone. */
  leaderboards: Leaderboards;
  tournaments: Tournaments;
  groupMembers: GroupMembers;
  friends: Friends;
  files: Files;
  videos: Videos;
  videoQueue: VideoQueue;
  mailer: Mailer;
  /** Google sign-in; undefined unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  google: Google | undefined;
  /** In-app purchases and subscriptions, validated with each configured store. */
  purchases: Purchases;
  /** Third-party sign-in: Apple, Facebook, Facebook Instant, Game Center, Google and Steam, those configured. */
  signIn: SignIn;
}

export async function createCore(config: Config, db: Db, logger: Logger, bus: Bus): Promise<Core> {
  const sessions = new Sessions(db, config, bus);
  await sessions.load();
  const isOnline = (id: string) => bus.isOnline(id);
  const users = new Users(db, isOnline);
  const accounts = new Accounts(db);
  const authenticator = new Authenticator(db, config.limits, bus.limits);
  const notifications = new Notifications(db, bus);
  // Channels and groups need each other: channels ask groups about membership, groups post system messages.
  const friends = new Friends(db, users, notifications);
  // groups is declared below: channels ask it about membership only once requests flow.
  const chatLimits = new ChatLimits(bus.limits, config.limits, logger);
  const channels: Channels = new Channels(db, bus, notifications, users, {
    groupState: (groupId, userId) => groups.state(groupId, userId),
    blockedBy: (userId, otherId) => friends.blockedBy(userId, otherId),
    blocks: (userId, otherIds, q) => friends.blocks(userId, otherIds, q),
  }, chatLimits);
  const groups: Groups = new Groups(db, channels);
  const groupMembers = new GroupMembers(db, channels, notifications, isOnline);
  accounts.deleteSteps.push(groupMembers.deleteStep, friends.deleteStep);
  const leaderboards = new Leaderboards(db, logger, bus.node, !(bus instanceof LocalBus));
  accounts.deleteSteps.push(leaderboards.deleteStep);
  accounts.deleted.push((userId) => leaderboards.ranks.dropOwner(userId));
  const matches = new Matches(bus, config.sessionEncryptionKey);
  const links = new Links(db);
  const google = config.google ? new Google(config.google, logger, config.signIn) : undefined;
  const signIn = new SignIn(config, { authenticator, links, friends, google, limits: bus.limits, logger });
  const matchmaker = new Matchmaker(bus, config.matchmaker, matches, logger);
  const videos = new Videos(db, config.dataDir, logger, config.video, config.sessionEncryptionKey);
  return {
    config,
    db,
    logger,
    bus,
    sessions,
    accounts,
    authenticator,
    links,
    users,
    notifications,
    status: new Status(bus, users),
    storage: new Storage(db),
    wallets: new Wallets(db),
    streams: new Streams(bus),
    matches,
    parties: new Parties(bus, matchmaker),
    matchmaker,
    channels,
    chatLimits,
    groups,
    leaderboards,
    tournaments: new Tournaments(db, leaderboards, logger, bus.node),
    groupMembers,
    friends,
    files: new Files(db, config.dataDir, logger, config.limits),
    videos,
    videoQueue: new VideoQueue(db, videos, notifications, logger),
    mailer: new Mailer(config, logger),
    google,
    signIn,
    purchases: new Purchases(db, config.purchases, bus.limits, logger),
  };
}

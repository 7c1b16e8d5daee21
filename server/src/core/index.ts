// The core: every rule of the game backend, shared by REST, the socket and runtime modules.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { Router } from '../realtime/router.ts';
import { Tracker } from '../realtime/tracker.ts';
import { Registry } from '../runtime/registry.ts';
import { Accounts } from './accounts.ts';
import { Channels } from './channels.ts';
import { Files } from './files.ts';
import { Friends } from './friends.ts';
import { Google } from './google.ts';
import { Groups } from './groups.ts';
import { Mailer } from './mail.ts';
import { Notifications } from './notifications.ts';
import { Sessions } from './sessions.ts';
import { Status } from './status.ts';
import { Storage } from './storage.ts';
import { Users } from './users.ts';

export interface Core {
  config: Config;
  db: Db;
  logger: Logger;
  tracker: Tracker;
  router: Router;
  registry: Registry;
  sessions: Sessions;
  accounts: Accounts;
  users: Users;
  notifications: Notifications;
  status: Status;
  storage: Storage;
  channels: Channels;
  groups: Groups;
  friends: Friends;
  files: Files;
  mailer: Mailer;
  /** Google sign-in; undefined unless GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  google: Google | undefined;
}

export async function createCore(config: Config, db: Db, logger: Logger): Promise<Core> {
  const tracker = new Tracker();
  const router = new Router(tracker);
  const sessions = new Sessions(db, config);
  await sessions.load();
  const users = new Users(db, (id) => router.isOnline(id));
  const accounts = new Accounts(db, config.limits);
  const notifications = new Notifications(db, router);
  const isOnline = (id: string) => router.isOnline(id);
  // Channels and groups need each other: channels ask groups about membership, groups post system messages.
  const friends = new Friends(db, users, notifications);
  let groups: Groups | undefined;
  const channels = new Channels(db, tracker, router, notifications, users, {
    groupState: (groupId, userId) => groups!.state(groupId, userId),
    blockedBy: (userId, otherId) => friends.blockedBy(userId, otherId),
  });
  groups = new Groups(db, channels, notifications, isOnline);
  accounts.deleteSteps.push(groups.deleteStep, friends.deleteStep);
  return {
    config,
    db,
    logger,
    tracker,
    router,
    registry: new Registry(logger),
    sessions,
    accounts,
    users,
    notifications,
    status: new Status(tracker, router, users),
    storage: new Storage(db),
    channels,
    groups,
    friends,
    files: new Files(db, config.dataDir, logger, config.limits),
    mailer: new Mailer(config, logger),
    google: config.google ? new Google(config.google, logger) : undefined,
  };
}

// The core: every rule of the game backend, shared by REST, the socket and runtime modules.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { Router } from '../realtime/router.ts';
import { Tracker } from '../realtime/tracker.ts';
import { Registry } from '../runtime/registry.ts';
import { Accounts } from './accounts.ts';
import { Notifications } from './notifications.ts';
import { Sessions } from './sessions.ts';
import { Status } from './status.ts';
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
}

export async function createCore(config: Config, db: Db, logger: Logger): Promise<Core> {
  const tracker = new Tracker();
  const router = new Router(tracker);
  const sessions = new Sessions(db, config);
  await sessions.load();
  const users = new Users(db, (id) => router.isOnline(id));
  return {
    config,
    db,
    logger,
    tracker,
    router,
    registry: new Registry(logger),
    sessions,
    accounts: new Accounts(db),
    users,
    notifications: new Notifications(db, router),
    status: new Status(tracker, router, users),
  };
}

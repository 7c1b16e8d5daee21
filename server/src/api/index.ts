// Every REST route of the API.
import type { Core } from '../core/index.ts';
import type { Route, RouteTable } from '../http/routes.ts';
import type { Logger } from '../log.ts';
import type { Nk } from '../runtime/nk.ts';
import type { Registry } from '../runtime/registry.ts';
import { accountRoutes } from './account.ts';
import { authenticateRoutes } from './authenticate.ts';
import { channelRoutes } from './channels.ts';
import { eventRoutes } from './event.ts';
import { fileRoutes } from './files.ts';
import { friendRoutes } from './friends.ts';
import { groupRoutes } from './groups.ts';
import { leaderboardRoutes } from './leaderboards.ts';
import { tournamentRoutes } from './tournaments.ts';
import { withApiHooks } from './hooks.ts';
import { matchRoutes } from './matches.ts';
import { notificationRoutes } from './notifications.ts';
import { openapiRoutes } from './openapi.ts';
import { purchaseRoutes } from './purchases.ts';
import { rpcRoutes } from './rpc.ts';
import { storageRoutes } from './storage.ts';
import { userRoutes } from './users.ts';

/**
 * registry: the RPCs, hooks and event handlers of the runtime modules; nk is what their API hooks get;
 * table: the route table these routes go into, which GET /v2/openapi.json describes.
 */
export function apiRoutes(core: Core, registry: Registry, nk: Nk, logger: Logger, table: RouteTable): Route[] {
  return withApiHooks([
    ...authenticateRoutes(core),
    ...accountRoutes(core),
    ...userRoutes(core),
    ...friendRoutes(core),
    ...notificationRoutes(core),
    ...storageRoutes(core),
    ...groupRoutes(core),
    ...leaderboardRoutes(core),
    ...tournamentRoutes(core),
    ...channelRoutes(core),
    ...matchRoutes(core),
    ...eventRoutes(registry),
    ...rpcRoutes(core, registry),
    ...fileRoutes(core),
    ...purchaseRoutes(core),
    ...openapiRoutes(table, registry),
  ], registry, nk, logger);
}

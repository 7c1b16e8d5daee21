// Every REST route of the API.
import type { Core } from '../core/index.ts';
import type { Route } from '../http/routes.ts';
import { accountRoutes } from './account.ts';
import { authenticateRoutes } from './authenticate.ts';
import { eventRoutes } from './event.ts';
import { notificationRoutes } from './notifications.ts';
import { rpcRoutes } from './rpc.ts';
import { userRoutes } from './users.ts';

export function apiRoutes(core: Core, disconnectUser: (userId: string) => void): Route[] {
  return [
    ...authenticateRoutes(core),
    ...accountRoutes(core, disconnectUser),
    ...userRoutes(core),
    ...notificationRoutes(core),
    ...eventRoutes(core),
    ...rpcRoutes(core),
  ];
}

// The portal's server module: registers the portal's RPCs (players, files, teams, news, ...) with the runtime.
import path from 'node:path';
import type { RuntimeModule } from '@tribuna/server';
import { authRpcs } from './auth/rpc.ts';
import { fileRpcs } from './files/rpc.ts';
import { registerAll, type RpcDef } from './lib/rpc.ts';
import { metricRpcs } from './metrics/rpc.ts';
import { playerRpcs } from './players/rpc.ts';

const rpcs: RpcDef[] = [...authRpcs, ...fileRpcs, ...playerRpcs, ...metricRpcs];

const portal: RuntimeModule = {
  name: 'portal',
  migrationsDir: path.join(import.meta.dirname, '..', 'migrations'),
  init(initializer, nk, logger) {
    registerAll(initializer, nk, logger, rpcs);
  },
};

export default portal;

// The portal's server module: registers the portal's RPCs (teams, players, news, ...) with the runtime.
import path from 'node:path';
import type { RuntimeModule } from '@tribuna/server';

const portal: RuntimeModule = {
  name: 'portal',
  migrationsDir: path.join(import.meta.dirname, '..', 'migrations'),
  init() {},
};

export default portal;

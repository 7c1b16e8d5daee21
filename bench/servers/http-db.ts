// The limit of HTTP plus the database: a bare node:http server running the same queries as the server
// under test (the portal's own query code), on the same kind of database. With DATABASE_URL it reads the
// database the server under test seeded; otherwise its own embedded database with the same data.
import portal from '../../portal/src/index.ts';
import { getTeamWithMembership, listTeams } from '../../portal/src/teams/store.ts';
import { CORE_MIGRATIONS, migrate } from '../../server/src/db/index.ts';
import { seed, type Seeded } from '../seed.ts';
import { openBareDb, serveRoutes } from './bare-db.ts';

const { db, shared } = await openBareDb();
let seeded: Seeded;
if (shared) {
  seeded = JSON.parse(process.env.BENCH_SEEDED!);
} else {
  await migrate(db, [CORE_MIGRATIONS, { namespace: portal.name, dir: portal.migrationsDir! }]);
  seeded = await seed(db, Number(process.env.BENCH_TEAMS ?? 1000));
}

const routes: Record<string, () => Promise<unknown>> = {
  // The primary-key SELECT a device sign-in makes.
  '/pk': () =>
    db.query('SELECT u.id, u.username, u.disable_time FROM user_device d JOIN users u ON u.id = d.user_id WHERE d.id = $1', [seeded.deviceId]),
  '/team': () => getTeamWithMembership(db, seeded.teamId, seeded.userId),
  '/teams': () => listTeams(db, { limit: 20 }),
};

serveRoutes(db, routes);

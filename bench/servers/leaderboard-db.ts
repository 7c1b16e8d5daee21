// The baseline of the leaderboard section: a bare node:http server running the bare SQL of a record write
// (the upsert of an incr board) and of a rank look-up (the owner's record, the records around it and the
// owner's rank counted over the index), on the database the server under test seeded (BENCH_DATABASE_URL)
// or, embedded, on its own seeded the same way.
import { CORE_MIGRATIONS, migrate } from '../../server/src/db/index.ts';
import { BOARD, seedLeaderboard, WRITER } from '../leaderboard-seed.ts';
import { openBareDb, serveRoutes } from './bare-db.ts';

const { db, shared } = await openBareDb();
let ownerId = process.env.BENCH_OWNER_ID ?? '';
if (!shared) {
  await migrate(db, [CORE_MIGRATIONS]);
  ({ ownerId } = await seedLeaderboard(db, Number(process.env.BENCH_LEADERBOARD_ROWS ?? 1_000_000)));
}

const RECORD = 'owner_id, username, score::text AS score, subscore::text AS subscore, num_score, update_time';
const routes: Record<string, () => Promise<unknown>> = {
  '/write': () =>
    db.query(
      `INSERT INTO leaderboard_record AS r (leaderboard_id, owner_id, username, score, subscore, metadata, create_time, update_time)
       VALUES ($1, $2, 'bench_writer', 1, 0, '{}', now(), now())
       ON CONFLICT (leaderboard_id, expiry_time, owner_id) DO UPDATE SET score = r.score + 1, subscore = r.subscore, num_score = r.num_score + 1, update_time = now()
       RETURNING ${RECORD}`,
      [BOARD, WRITER],
    ),
  '/around': () => around(true),
  '/around-unranked': () => around(false),
};

/** The owner's record and the records around it, with the owner's rank counted over the index when asked. */
async function around(withRank: boolean): Promise<unknown> {
  const [own] = await db.query<{ score: string; subscore: string; update_time: Date }>(
    `SELECT ${RECORD} FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = 'epoch' AND owner_id = $2`, [BOARD, ownerId]);
  const k = [BOARD, own.score, own.subscore, own.update_time, ownerId];
  // The table is aliased: ORDER BY must read its columns, not the selected text aliases of the same names.
  const before = await db.query(
    `SELECT ${RECORD} FROM leaderboard_record r WHERE leaderboard_id = $1 AND expiry_time = 'epoch' AND score >= $2
       AND (score > $2 OR (score = $2 AND (subscore > $3 OR (subscore = $3 AND (update_time, owner_id) < ($4, $5)))))
     ORDER BY r.score, r.subscore, r.update_time DESC, r.owner_id DESC LIMIT 5`, k);
  const after = await db.query(
    `SELECT ${RECORD} FROM leaderboard_record r WHERE leaderboard_id = $1 AND expiry_time = 'epoch' AND score <= $2
       AND (score < $2 OR (score = $2 AND (subscore < $3 OR (subscore = $3 AND (update_time, owner_id) > ($4, $5)))))
     ORDER BY r.score DESC, r.subscore DESC, r.update_time, r.owner_id LIMIT 4`, k);
  if (!withRank) return { records: [...before.reverse(), own, ...after] };
  const [{ n }] = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = 'epoch' AND score >= $2
       AND (score > $2 OR (score = $2 AND (subscore > $3 OR (subscore = $3 AND (update_time, owner_id) < ($4, $5)))))`, k);
  return { records: [...before.reverse(), own, ...after], rank: Number(n) + 1 - before.length };
}

serveRoutes(db, routes, { ownerId });

// Bench data of the leaderboard section: one board ('bench', descending, incr) with `rows` records made by
// one INSERT ... SELECT on the database server, the user who writes over REST, and the owner ranked in the
// middle (the rank look-ups' subject: the most records on either side).
import type { Queryable } from '../server/src/db/index.ts';

export const BOARD = 'bench';
export const WRITER = '22222222-2222-4222-8222-222222222222';

export interface LeaderboardSeeded {
  ownerId: string;
  seedSeconds: number;
}

export async function seedLeaderboard(q: Queryable, rows: number): Promise<LeaderboardSeeded> {
  const started = Date.now();
  await q.execute(`INSERT INTO users (id, username) VALUES ($1, 'bench_writer') ON CONFLICT DO NOTHING`, [WRITER]);
  await q.execute(`INSERT INTO leaderboard (id, sort_order, operator) VALUES ($1, 1, 2) ON CONFLICT DO NOTHING`, [BOARD]);
  await q.execute(
    `INSERT INTO leaderboard_record (leaderboard_id, owner_id, username, score, subscore, create_time, update_time)
     SELECT $1, md5('owner' || i)::uuid, 'player_' || i, (i::int8 * 7919) % 1000003, i % 100,
       now() - i * interval '1 millisecond', now() - i * interval '1 millisecond'
     FROM generate_series(1, $2::int) i`,
    [BOARD, rows],
  );
  await q.execute('ANALYZE leaderboard_record');
  const [{ owner_id: ownerId }] = await q.query<{ owner_id: string }>(
    `SELECT owner_id FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = 'epoch'
     ORDER BY score DESC, subscore DESC, update_time, owner_id OFFSET $2 LIMIT 1`,
    [BOARD, Math.floor(rows / 2)],
  );
  return { ownerId, seedSeconds: (Date.now() - started) / 1000 };
}

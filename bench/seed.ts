// Bench data, the same in every database the bench uses: users with devices, and teams.
import crypto from 'node:crypto';
import type { Queryable } from '../server/src/db/index.ts';

export interface Seeded {
  userId: string;
  deviceId: string;
  teamId: string;
}

export async function seed(q: Queryable, teams: number): Promise<Seeded> {
  const userId = '11111111-1111-4111-8111-111111111111';
  const deviceId = 'bench-device-000000001';
  await q.execute(`INSERT INTO users (id, username) VALUES ($1, 'bench_owner') ON CONFLICT DO NOTHING`, [userId]);
  await q.execute('INSERT INTO user_device (id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [deviceId, userId]);
  const ids: string[] = [];
  const batch = 1000;
  for (let i = 0; i < teams; i += batch) {
    const n = Math.min(batch, teams - i);
    const rows = Array.from({ length: n }, (_, k) => {
      const id = crypto.randomUUID();
      ids.push(id);
      const name = `Команда ${i + k}`;
      return { id, name, key: name.toLowerCase(), type: (i + k) % 2 };
    });
    await q.execute(
      `INSERT INTO team (id, name, name_key, description, team_type, creator_id, create_time)
       SELECT t.id, t.name, t.key, 'Любительская команда', t.type, $5, now() - (t.ord * interval '1 second')
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::smallint[]) WITH ORDINALITY AS t(id, name, key, type, ord)`,
      [rows.map((r) => r.id), rows.map((r) => r.name), rows.map((r) => r.key), rows.map((r) => r.type), userId],
    );
  }
  // Statistics now, not when autovacuum gets round to it in the middle of a measurement.
  for (const t of ['users', 'user_device', 'team', 'team_player']) await q.execute(`ANALYZE ${t}`);
  return { userId, deviceId, teamId: ids[Math.floor(ids.length / 2)] };
}

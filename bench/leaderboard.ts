// The leaderboard section: one board of 1,000,000 records; record writes and rank look-ups (records around
// the owner ranked in the middle) per second through the REST API, each against a bare server running the
// bare SQL on the same kind of database; and the rank cache's load of the board (in pages, the event loop
// free between them).
import path from 'node:path';
import { measurePairs, type HttpTarget } from './http-pairs.ts';
import { ROOT, startChild, type Row, type Section } from './lib.ts';
import { BOARD } from './leaderboard-seed.ts';

const ROWS = 1_000_000;

export const leaderboard: Section = {
  name: 'leaderboard',
  async run(quick, phase) {
    phase(`leaderboard: one board of ${ROWS.toLocaleString('en-US')} records, writes and rank look-ups over REST`);
    const env = { BENCH_LEADERBOARD_ROWS: String(ROWS) };
    const subject = await startChild(path.join(ROOT, 'bench/servers/leaderboard.ts'), [], env);
    const info = subject.info as { port: number; token: string; databaseUrl?: string; ownerId: string; seedSeconds: number; loadSeconds: number; loadMaxStallMs: number; cacheMb: number };
    console.log(`  seeded in ${info.seedSeconds.toFixed(1)} s; rank cache loaded in ${info.loadSeconds.toFixed(1)} s, longest event-loop stall ${info.loadMaxStallMs.toFixed(1)} ms, RSS +${info.cacheMb.toFixed(0)} MB`);
    const baseline = await startChild(path.join(ROOT, 'bench/servers/leaderboard-db.ts'), [], {
      ...env,
      BENCH_DATABASE_URL: info.databaseUrl ?? '',
      BENCH_OWNER_ID: info.ownerId,
    });
    const raw: Record<string, unknown> = { seedSeconds: info.seedSeconds, loadSeconds: info.loadSeconds, loadMaxStallMs: info.loadMaxStallMs, cacheMb: info.cacheMb };
    try {
      const api = `http://127.0.0.1:${info.port}/v2/leaderboard/${BOARD}`;
      const bare = `http://127.0.0.1:${baseline.info.port}`;
      const auth = { Authorization: `Bearer ${info.token}`, 'Content-Type': 'application/json' };
      const P = quick ? { rounds: 1, duration: 2, warmup: 0.5, connections: 10 } : { rounds: 3, duration: 5, warmup: 1, connections: 10 };
      const t = (name: string, child: typeof subject, url: string, req?: HttpTarget['req']): HttpTarget => ({ name, child, url, req });
      const pairs: [HttpTarget, HttpTarget][] = [
        [t('leaderboard write', subject, api, { method: 'POST', headers: auth, body: JSON.stringify({ score: '1' }) }), t('bare upsert', baseline, `${bare}/write`, { method: 'POST' })],
        [t('leaderboard around owner', subject, `${api}/owner/${info.ownerId}?limit=10`, { headers: auth }), t('bare around + SQL rank', baseline, `${bare}/around`)],
        [t('leaderboard around owner, again', subject, `${api}/owner/${info.ownerId}?limit=10`, { headers: auth }), t('bare around, unranked', baseline, `${bare}/around-unranked`)],
      ];
      const results = await measurePairs(pairs, P, raw);
      const row = (name: string, metric: string, note: string): Row => {
        const r = results.get(name)!;
        // A baseline that answered nothing within the window has no ratio to give.
        const ratio = r.baseline.rps > 0 ? r.ratio : undefined;
        const slow = r.baseline.rps > 0 ? '' : ' (it answered no request within the window)';
        return { metric, value: r.subject.rps, unit: 'req/s', baseline: r.baseline.rps, ratio, note: `p99 ${r.subject.p99} ms; ${note}${slow}` };
      };
      const rows: Row[] = [
        row('leaderboard write', `leaderboard record write (incr) at ${ROWS / 1e6}M records`, 'baseline: the bare upsert'),
        row('leaderboard around owner', `leaderboard records around the middle owner (limit 10) at ${ROWS / 1e6}M records`, 'baseline: the bare SQL with the rank counted over the index'),
        row('leaderboard around owner, again', `leaderboard records around the middle owner (limit 10), against the same SQL unranked`, 'baseline: the bare SQL of the records, no rank'),
        { metric: `rank cache load of ${ROWS / 1e6}M records`, value: info.loadSeconds, unit: 's', note: `longest event-loop stall ${info.loadMaxStallMs.toFixed(1)} ms; RSS +${info.cacheMb.toFixed(0)} MB` },
      ];
      return { rows, raw };
    } finally {
      await baseline.stop();
      await subject.stop();
    }
  },
};

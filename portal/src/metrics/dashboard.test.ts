// The administrators' charts: page views of the last day by hour, of the last week and month by Moscow
// day, every bucket present, and the top pages, browsers and resolutions of the period; read through the
// rollups' primary keys, with no sequential scan, at a million views.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { clock } from '../lib/clock.ts';
import { call, fails, planOf, type Any } from '../testing.ts';
import { dashboardQueries, type Period } from './dashboard.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ADMIN_ID = crypto.randomUUID();
let ts: TestServer;
let admin: Session;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { ADMIN_USER_IDS: ADMIN_ID } });
  await ts.app.nk.db.execute(`INSERT INTO users (id, username, email, verify_time) VALUES ($1, 'admin_charts', $2, now())`, [ADMIN_ID, `${ADMIN_ID}@example.com`]);
  const t = ts.app.nk.authenticateTokenGenerate(ADMIN_ID, 'admin_charts');
  admin = Session.restore(t.token, t.refreshToken);
});
after(async () => {
  clock.now = () => Date.now();
  await ts.close();
});

describe('get_metrics_dashboard', () => {
  it('charts the views of the last day by hour, and of the last week and month by day', async () => {
    const guest = await ts.newSession();
    // A fixed "now": 2026-03-10 12:30 Moscow time.
    const now = Date.parse('2026-03-10T09:30:00Z');
    const seen = async (ago: number, page: string, browser: string, width = 1920) => {
      clock.now = () => now - ago;
      await call(ts, guest, 'track_metrics', { page, browser, screen_width: width, screen_height: 1080 });
    };
    await seen(0, '/news', 'Chrome');
    await seen(10 * 60_000, '/news', 'Firefox', 390);
    await seen(5 * HOUR, '/teams', 'Chrome');
    await seen(3 * DAY, '/teams', 'Safari');
    await seen(20 * DAY, '/matches', 'Chrome');
    await seen(40 * DAY, '/old', 'Opera');
    clock.now = () => now;

    const day = await call(ts, admin, 'get_metrics_dashboard', { period: 'day' });
    assert.deepEqual([day.period, day.bucket, day.time_zone, day.views.length, day.total], ['day', 'hour', 'Europe/Moscow', 24, 3]);
    assert.deepEqual(day.views.at(-1), { time: '2026-03-10T09:00:00.000Z', count: 2 });
    assert.deepEqual(day.views.find((v: Any) => v.time === '2026-03-10T04:00:00.000Z'), { time: '2026-03-10T04:00:00.000Z', count: 1 });
    assert.deepEqual(day.pages, [{ page: '/news', count: 2 }, { page: '/teams', count: 1 }]);
    assert.deepEqual(day.browsers, [{ browser: 'Chrome', count: 2 }, { browser: 'Firefox', count: 1 }]);
    assert.deepEqual(day.resolutions, [{ resolution: '1920x1080', count: 2 }, { resolution: '390x1080', count: 1 }]);

    const week = await call(ts, admin, 'get_metrics_dashboard', { period: 'week' });
    assert.deepEqual([week.bucket, week.views.length, week.views[0].time, week.views.at(-1).time, week.total], ['day', 7, '2026-03-04', '2026-03-10', 4]);
    assert.deepEqual(week.views.map((v: Any) => v.count), [0, 0, 0, 1, 0, 0, 3]);
    assert.deepEqual(week.pages, [{ page: '/news', count: 2 }, { page: '/teams', count: 2 }]);

    const month = await call(ts, admin, 'get_metrics_dashboard', { period: 'month', limit: 1 });
    assert.deepEqual([month.views.length, month.views[0].time, month.total], [30, '2026-02-09', 5]);
    assert.deepEqual(month.browsers, [{ browser: 'Chrome', count: 3 }]);
  });

  it('counts days in Moscow time: 23:30 UTC is the next Moscow day', async () => {
    const guest = await ts.newSession();
    clock.now = () => Date.parse('2026-04-01T23:30:00Z');
    await call(ts, guest, 'track_metrics', { page: '/late', browser: 'Chrome', screen_width: 800, screen_height: 600 });
    const week = await call(ts, admin, 'get_metrics_dashboard', { period: 'week' });
    assert.deepEqual(week.views.at(-1), { time: '2026-04-02', count: 1 });
  });

  it('refuses a period it does not know, in Russian', async () => {
    await fails(call(ts, admin, 'get_metrics_dashboard', { period: 'year' }), 400, "Период: ожидалось 'day' (сутки), 'week' (неделя) или 'month' (месяц).");
  });
});

describe('the charts at a million views', () => {
  before(async () => {
    // 60 days of hours and 400 days of days, 40 pages, 5 browsers and 5 resolutions: 1,008,000 views.
    const db = ts.app.nk.db;
    await db.execute('TRUNCATE metric_hourly, metric_daily');
    const kinds = `(SELECT 'view' AS kind, '' AS value, 700 AS n UNION ALL
      SELECT 'page', '/p/' || i, 700 / 40 FROM generate_series(1, 40) i UNION ALL
      SELECT 'browser', 'B' || i, 700 / 5 FROM generate_series(1, 5) i UNION ALL
      SELECT 'resolution', i || 'x1080', 700 / 5 FROM generate_series(1, 5) i)`;
    await db.execute(
      `INSERT INTO metric_hourly (kind, hour, value, count)
       SELECT k.kind, date_trunc('hour', now()) - h * interval '1 hour', k.value, k.n FROM generate_series(0, 60 * 24 - 1) h, ${kinds} k`,
    );
    await db.execute(
      `INSERT INTO metric_daily (kind, day, value, count)
       SELECT k.kind, current_date - d, k.value, k.n * 24 FROM generate_series(0, 399) d, ${kinds} k`,
    );
    await db.execute('ANALYZE metric_hourly');
    await db.execute('ANALYZE metric_daily');
  });

  it('reads each period through the primary key of its rollup', async () => {
    for (const period of ['day', 'week', 'month'] as Period[]) {
      const q = dashboardQueries(period, Date.now(), 10);
      const table = period === 'day' ? 'metric_hourly' : 'metric_daily';
      for (const s of [q.views, q.pages, q.browsers, q.resolutions]) {
        const plan = await planOf(ts.app.nk.db, s.sql, s.params, { sorts: true });
        assert.match(plan, new RegExp(`Index (Only )?Scan (using|on) ${table}_pkey`), plan);
        assert.doesNotMatch(plan, /Seq Scan/, plan);
      }
    }
    // The planner left to itself picks the same for the busiest period of each table.
    for (const period of ['day', 'month'] as Period[]) {
      const s = dashboardQueries(period, Date.now(), 10).pages;
      const plan = (await ts.app.nk.db.query<Record<string, string>>(`EXPLAIN ${s.sql}`, s.params)).map((r) => Object.values(r)[0]).join('\n');
      assert.doesNotMatch(plan, /Seq Scan/, plan);
    }
  });
});

// Page views over time (metric_hourly, metric_daily: migrations/0043_metric_rollups.sql): what a view adds
// to them, and the administrators' charts of the last day (by hour), week or month (by Moscow day).
import type { Queryable } from '@tribuna/server';

/** One page view as the web app reports it. */
export interface PageView {
  page: string;
  browser: string;
  resolution: string;
}

export type Period = 'day' | 'week' | 'month';
type Kind = 'page' | 'browser' | 'resolution';

const ZONE = 'Europe/Moscow';
const HOUR_MS = 3_600_000;
const DAYS: Record<Exclude<Period, 'day'>, number> = { week: 7, month: 30 };

/** Adds a view at `at` to the hour's and the Moscow day's counts of every kind. */
export async function addToRollups(q: Queryable, v: PageView, at: Date): Promise<void> {
  const values = (bucket: string) =>
    `('view', ${bucket}, '', 1), ('page', ${bucket}, $2, 1), ('browser', ${bucket}, $3, 1), ('resolution', ${bucket}, $4, 1)`;
  const args = [at, v.page, v.browser, v.resolution];
  await q.execute(
    `INSERT INTO metric_hourly (kind, hour, value, count) VALUES ${values("date_trunc('hour', $1::timestamptz)")}
     ON CONFLICT (kind, hour, value) DO UPDATE SET count = metric_hourly.count + 1`,
    args,
  );
  await q.execute(
    `INSERT INTO metric_daily (kind, day, value, count) VALUES ${values(`($1::timestamptz AT TIME ZONE '${ZONE}')::date`)}
     ON CONFLICT (kind, day, value) DO UPDATE SET count = metric_daily.count + 1`,
    args,
  );
}

/** The Moscow date of an instant, yyyy-MM-dd. */
const moscowDate = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(t);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR_MS).toISOString().slice(0, 10);

/** The buckets of a period ending now: the last 24 hours, or the last 7 or 30 Moscow days, today included. */
function bucketsOf(period: Period, now: number): { table: 'metric_hourly' | 'metric_daily'; column: 'hour' | 'day'; keys: string[]; from: Date | string } {
  if (period === 'day') {
    const last = Math.floor(now / HOUR_MS) * HOUR_MS;
    const keys = Array.from({ length: 24 }, (_, i) => new Date(last - (23 - i) * HOUR_MS).toISOString());
    return { table: 'metric_hourly', column: 'hour', keys, from: new Date(keys[0]) };
  }
  const today = moscowDate(now);
  const keys = Array.from({ length: DAYS[period] }, (_, i) => addDays(today, i - DAYS[period] + 1));
  return { table: 'metric_daily', column: 'day', keys, from: keys[0] };
}

/**
 * The statements of a period's charts; exported so tests can EXPLAIN them.
 * @internal
 */
export function dashboardQueries(period: Period, now: number, limit: number) {
  const b = bucketsOf(period, now);
  const top = (kind: Kind) => ({
    sql: `SELECT value, sum(count)::bigint AS count FROM ${b.table} WHERE kind = '${kind}' AND ${b.column} >= $1
          GROUP BY value ORDER BY count DESC, value LIMIT $2`,
    params: [b.from, limit],
  });
  return {
    buckets: b,
    // A date is read as text: the drivers would make it a Date at the process's local midnight.
    views: { sql: `SELECT ${b.column === 'day' ? 'day::text' : 'hour'} AS bucket, count FROM ${b.table} WHERE kind = 'view' AND ${b.column} >= $1`, params: [b.from] },
    pages: top('page'),
    browsers: top('browser'),
    resolutions: top('resolution'),
  };
}

const keyOf = (v: Date | string) => (v instanceof Date ? v.toISOString() : v);

export async function dashboard(q: Queryable, period: Period, now: number, limit: number) {
  const d = dashboardQueries(period, now, limit);
  const [views, pages, browsers, resolutions] = await Promise.all([
    q.query<{ bucket: Date | string; count: string }>(d.views.sql, d.views.params),
    ...[d.pages, d.browsers, d.resolutions].map((s) => q.query<{ value: string; count: string }>(s.sql, s.params)),
  ]);
  const counts = new Map(views.map((r) => [keyOf(r.bucket), Number(r.count)]));
  const series = d.buckets.keys.map((time) => ({ time, count: counts.get(time) ?? 0 }));
  const list = <K extends string>(rows: { value: string; count: string }[], key: K) =>
    rows.map((r) => ({ [key]: r.value, count: Number(r.count) }) as Record<K, string> & { count: number });
  return {
    period,
    bucket: d.buckets.column,
    time_zone: ZONE,
    views: series,
    total: series.reduce((n, x) => n + x.count, 0),
    pages: list(pages, 'page'),
    browsers: list(browsers, 'browser'),
    resolutions: list(resolutions, 'resolution'),
  };
}

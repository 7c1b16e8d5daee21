// Metrics' SQL: one counter row per page, browser and screen resolution (and the counts over time, dashboard.ts).
import type { Db, Queryable } from '@tribuna/server';
import { addToRollups, type PageView } from './dashboard.ts';

// Table and key column per kind; fixed names, never from input.
const KINDS = {
  page: 'metric_page',
  browser: 'metric_browser',
  resolution: 'metric_resolution',
} as const;
export type MetricKind = keyof typeof KINDS;

const increment = (q: Queryable, kind: MetricKind, value: string) =>
  q.execute(
    `INSERT INTO ${KINDS[kind]} (${kind}, count) VALUES ($1, 1)
     ON CONFLICT (${kind}) DO UPDATE SET count = ${KINDS[kind]}.count + 1, update_time = now()`,
    [value],
  );

/** Counts one page view, seen at `at`, in all three counters and in the hourly and daily counts at once. */
export async function trackPageView(db: Db, v: PageView, at: Date): Promise<void> {
  await db.tx(async (q) => {
    await increment(q, 'page', v.page);
    await increment(q, 'browser', v.browser);
    await increment(q, 'resolution', v.resolution);
    await addToRollups(q, v, at);
  });
}

/** The most frequent values of one kind, ties in value order. */
export async function topMetrics(db: Queryable, kind: MetricKind, limit: number): Promise<{ value: string; count: number }[]> {
  const rows = await db.query<{ value: string; count: string }>(
    `SELECT ${kind} AS value, count FROM ${KINDS[kind]} ORDER BY count DESC, ${kind} LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ value: r.value, count: Number(r.count) }));
}

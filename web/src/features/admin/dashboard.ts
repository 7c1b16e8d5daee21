// The dashboard's pure part: chart labels in Russian, Moscow time.
import type { MetricsPeriod } from '@tribuna/portal/types';

const hour = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** A bucket's label: the hour (a day's buckets are ISO instants) or the day (yyyy-MM-dd, a Moscow date). */
export function bucketLabel(period: MetricsPeriod, time: string): string {
  if (period === 'day') return hour.format(new Date(time));
  return dayMonth.format(new Date(`${time}T00:00:00Z`)).replace('.', '');
}

/** A page's address as the chart shows it: the path, cut when long. */
export function pageLabel(page: string, max = 40): string {
  const p = page || '/';
  return p.length > max ? `${p.slice(0, max - 1)}…` : p;
}

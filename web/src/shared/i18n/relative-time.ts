// A chat message's time as people read it: today the time, yesterday 'Вчера', under a week 'N дн. назад',
// older the date (ru-RU). Calendar days of the viewer's clock, not 24-hour spans.
import { formatDate, formatTime } from './format.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function relativeTime(v: string | number | Date, now: Date = new Date()): string {
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) return '';
  // Rounded: a day with a clock change is 23 or 25 hours long.
  const days = Math.round((startOfDay(now) - startOfDay(d)) / DAY_MS);
  if (days <= 0) return formatTime(d);
  if (days === 1) return 'Вчера';
  if (days < 7) return `${days} дн. назад`;
  return formatDate(d);
}

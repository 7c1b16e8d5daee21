// Limits on how many rows of a kind one user may create (LIMIT_* settings, read through nk.limits), and the
// Russian words their refusals share.
import { resourceExhausted, type Queryable } from '@tribuna/server';

/**
 * Counts a user's rows of a kind and refuses (ResourceExhausted) when they have `limit` already. Call it
 * inside the transaction that inserts: a transaction-scoped advisory lock per user and kind makes parallel
 * creations wait for each other, so two at the limit cannot both see room for one more.
 */
export async function checkCreationLimit(
  q: Queryable,
  kind: string,
  userId: string,
  limit: number,
  count: (q: Queryable, userId: string) => Promise<number>,
  refusal: (limit: number) => string,
): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`portal.${kind}:${userId}`]);
  if ((await count(q, userId)) >= limit) throw resourceExhausted(refusal(limit));
}

/** The noun after "не больше N": genitive singular after 1, 21, 31, … (not 11), genitive plural otherwise. */
export function afterNumber(n: number, singular: string, plural: string): string {
  return n % 10 === 1 && n % 100 !== 11 ? singular : plural;
}

/**
 * The Russian form of a noun counted by n: one (1, 21, … but 11), few (2-4, 22-24, … but 12-14) or many.
 * @internal
 */
export function plural(n: number, one: string, few: string, many: string): string {
  const d = n % 10;
  const h = n % 100;
  if (d === 1 && h !== 11) return one;
  if (d >= 2 && d <= 4 && (h < 12 || h > 14)) return few;
  return many;
}

/** A wait after «через», rounded up: seconds under a minute, minutes under an hour, else hours. */
export function inTime(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${plural(s, 'секунду', 'секунды', 'секунд')}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} ${plural(m, 'минуту', 'минуты', 'минут')}`;
  const h = Math.ceil(s / 3600);
  return `${h} ${plural(h, 'час', 'часа', 'часов')}`;
}

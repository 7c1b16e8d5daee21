// Limits on how many rows of a kind one user may create (LIMIT_* settings, read through nk.limits).
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

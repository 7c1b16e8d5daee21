// Leaderboard records: write and delete the caller's own, list a board, list around an owner (/v2/leaderboard).
import type { Core } from '../core/index.ts';
import type { Operator } from '../core/leaderboards.ts';
import { leaderboardRecordListMsg, leaderboardRecordMsg } from '../encode.ts';
import { invalid, resourceExhausted } from '../errors.ts';
import type { Fields, Query } from '../input.ts';
import type { ApiRequest, Route } from '../http/routes.ts';

/** The API's operator override: 0 none, then upstream's numbers or names. */
const OVERRIDES: Record<string, Operator | undefined> = {
  0: undefined, 1: 'best', 2: 'set', 3: 'incr', 4: 'decr',
  NO_OVERRIDE: undefined, BEST: 'best', SET: 'set', INCREMENT: 'incr', DECREMENT: 'decr',
};
const BAD_OPERATOR = 'operator must be 0 (no override), 1 (best), 2 (set), 3 (incr) or 4 (decr).';

function override(body: Fields): Operator | undefined {
  if (!body.has('operator')) return undefined;
  const raw = body.raw('operator');
  const key = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '';
  if (!Object.hasOwn(OVERRIDES, key)) throw invalid(BAD_OPERATOR);
  return OVERRIDES[key];
}

/** The period a listing names: unix seconds, 0 or absent for the current one. */
function expiry(query: Query): number {
  const v = query.string('expiry');
  if (v === undefined || v === '') return 0;
  if (!/^\d{1,12}$/.test(v)) throw invalid('expiry must be a time in unix seconds.');
  return Number(v);
}

/** The same per-user write counter as the portal's RPCs that change something: refuses a write over it. */
export function writeLimit(core: Core): (req: ApiRequest) => Promise<void> {
  const writes = core.bus.limits.rate('portal.writes_per_user', core.config.limits.writesPerUserMinute, 60);
  return async (req) => {
    const rate = await writes.consume(req.session.uid);
    if (!rate.allowed) throw resourceExhausted(`Too many writes: at most ${core.config.limits.writesPerUserMinute} a minute. Try again in ${rate.retryAfterSec} s.`, rate.retryAfterSec);
  };
}

/**
 * The record routes a leaderboard and a tournament share, under `base`/{id}: write the caller's record (by
 * each of `writeMethods`), delete it, list the records, and list those around an owner.
 */
export function recordRoutes(core: Core, base: string, kind: 'leaderboard' | 'tournament', writeMethods: Route['method'][]): Route[] {
  const { leaderboards } = core;
  const limited = writeLimit(core);
  const param = `${kind}Id`;
  const id = (req: ApiRequest) => req.params[param];
  const page = (req: ApiRequest) => [req.query.int('limit') ?? 10, req.query.string('cursor') || undefined, expiry(req.query), new Date(), kind] as const;

  async function write(req: ApiRequest) {
    const body = req.body();
    const score = body.int64('score') ?? 0n;
    const subscore = body.int64('subscore') ?? 0n;
    const metadata = body.string('metadata');
    const operator = override(body);
    await limited(req);
    const record = await leaderboards.write(id(req), req.session.uid, req.session.usn, score, subscore, metadata, operator, true, new Date(), kind);
    return leaderboardRecordMsg(record);
  }

  return [
    ...writeMethods.map((method): Route => ({ method, path: `${base}/{${param}}`, auth: 'bearer', handler: write })),
    {
      method: 'DELETE',
      path: `${base}/{${param}}`,
      auth: 'bearer',
      async handler(req) {
        await limited(req);
        await leaderboards.deleteRecord(id(req), req.session.uid, true, new Date(), kind);
        return {};
      },
    },
    {
      method: 'GET',
      path: `${base}/{${param}}`,
      auth: 'bearer',
      async handler(req) {
        return leaderboardRecordListMsg(await leaderboards.listRecords(id(req), req.query.list('owner_ids'), ...page(req)));
      },
    },
    {
      method: 'GET',
      path: `${base}/{${param}}/owner/{ownerId}`,
      auth: 'bearer',
      async handler(req) {
        return leaderboardRecordListMsg(await leaderboards.haystack(id(req), req.params.ownerId, ...page(req)));
      },
    },
  ];
}

export function leaderboardRoutes(core: Core): Route[] {
  return recordRoutes(core, '/v2/leaderboard', 'leaderboard', ['POST']);
}

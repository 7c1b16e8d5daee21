// Leaderboards' shapes and rules: sort orders and operators, periods from a cron schedule, input checks,
// and the SQL of the board order that listings and rank counts share.
import { CronExpressionParser } from 'cron-parser';
import type { Queryable } from '../db/index.ts';
import { invalid } from '../errors.ts';
import { isUuid } from '../tokens.ts';
import { decodeCursor, encodeCursor, isTuple } from './cursor.ts';
import { rankScore, type RankKey } from './rank-tree.ts';
import { jsonHasUnstorable, storable, unstorable } from './validate.ts';

export type SortOrder = 'asc' | 'desc';
export type Operator = 'best' | 'set' | 'incr' | 'decr';
export const OPERATORS: readonly Operator[] = ['best', 'set', 'incr', 'decr'];

export interface Leaderboard {
  id: string;
  authoritative: boolean;
  sortOrder: SortOrder;
  operator: Operator;
  resetSchedule: string | null;
  metadata: Record<string, unknown>;
  enableRanks: boolean;
  createTime: Date;
  /** Set on a tournament: a board with a duration. */
  tournament?: TournamentFields;
}

export interface TournamentFields {
  title: string;
  description: string;
  /** 0-127. */
  category: number;
  /** Seconds a period stays active from its start. */
  duration: number;
  startTime: Date;
  endTime: Date | null;
  joinRequired: boolean;
  /** 0: no limit. */
  maxSize: number;
  /** 0: no limit. */
  maxNumScore: number;
  /** Joins of the period that ends at sizeExpiry. */
  size: number;
  sizeExpiry: Date;
}

/** A tournament's current period: active from startActive until endActive; records kept until expiry (null: never). */
export interface Deadlines {
  startActive: Date;
  endActive: Date;
  expiry: Date | null;
  nextReset: Date | null;
  prevReset: Date | null;
}

export interface LeaderboardRecord {
  leaderboardId: string;
  ownerId: string;
  username: string | null;
  score: bigint;
  subscore: bigint;
  numScore: number;
  maxNumScore: number;
  metadata: string;
  createTime: Date;
  updateTime: Date;
  /** Null when the board has no reset schedule. */
  expiryTime: Date | null;
  /** 1 for the first; 0 when the board does not rank. */
  rank: number;
}

export interface RecordList {
  records: LeaderboardRecord[];
  ownerRecords: LeaderboardRecord[];
  nextCursor?: string;
  prevCursor?: string;
  rankCount: number;
}

export const NOT_FOUND = 'Leaderboard not found.';
export const AUTHORITATIVE = 'Leaderboard only allows authoritative score submissions.';
const BAD_ID = 'Invalid leaderboard ID.';
export const BAD_OWNER = 'Invalid owner ID.';
const BAD_METADATA = 'Metadata value must be a JSON object, if provided.';
export const OUT_OF_RANGE = 'Score or subscore out of range of a 64-bit whole number.';
const BAD_CURSOR = 'Invalid cursor.';
export const NEVER = new Date(0);
export const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

export const COLUMNS = `leaderboard_id, owner_id, username, score::text AS score, subscore::text AS subscore, num_score,
  max_num_score, metadata::text AS metadata, create_time, update_time, expiry_time,
  (extract(epoch FROM update_time) * 1000000)::int8::text AS micros`;

export interface RecordRow {
  leaderboard_id: string;
  owner_id: string;
  username: string | null;
  score: string;
  subscore: string;
  num_score: number;
  max_num_score: number;
  metadata: string;
  create_time: Date;
  update_time: Date;
  expiry_time: Date;
  micros: string;
}

export interface BoardRow {
  id: string;
  authoritative: boolean;
  sort_order: number;
  operator: number;
  reset_schedule: string | null;
  metadata: Record<string, unknown>;
  enable_ranks: boolean;
  create_time: Date;
  category: number;
  description: string;
  duration: number;
  end_time: Date | null;
  join_required: boolean;
  max_size: number;
  max_num_score: number;
  title: string;
  size: number;
  size_expiry: Date;
  start_time: Date;
}

/** Where a listing page starts or ends: score, subscore, update time (µs), owner; 'n' next, 'p' previous. */
type Cursor = [dir: string, score: string, subscore: string, micros: string, owner: string, expiry: number];

export const keyOf = (r: RecordRow): RankKey => ({
  score: rankScore(r.score),
  subscore: rankScore(r.subscore),
  micros: Number(r.micros),
  owner: r.owner_id,
  numScore: r.num_score,
});

/** One page of a period's records as the rank cache takes them, by owner id after `after`. */
export async function rankPage(db: Queryable, id: string, expiry: Date, after: string | null, limit: number): Promise<RankKey[]> {
  const rows = await db.query<RecordRow>(
    `SELECT owner_id, score::text AS score, subscore::text AS subscore, num_score,
       (extract(epoch FROM update_time) * 1000000)::int8::text AS micros
     FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2 ${after ? 'AND owner_id > $4::uuid' : ''}
     ORDER BY owner_id LIMIT $3`,
    after ? [id, expiry, limit, after] : [id, expiry, limit],
  );
  return rows.map(keyOf);
}

export function boardOf(r: BoardRow): Leaderboard {
  return {
    id: r.id,
    authoritative: r.authoritative,
    sortOrder: r.sort_order === 0 ? 'asc' : 'desc',
    operator: OPERATORS[r.operator],
    resetSchedule: r.reset_schedule,
    metadata: r.metadata,
    enableRanks: r.enable_ranks,
    createTime: r.create_time,
    ...(r.duration > 0 ? {
      tournament: {
        title: r.title,
        description: r.description,
        category: r.category,
        duration: r.duration,
        startTime: r.start_time,
        endTime: r.end_time,
        joinRequired: r.join_required,
        maxSize: r.max_size,
        maxNumScore: r.max_num_score,
        size: r.size,
        sizeExpiry: r.size_expiry,
      },
    } : {}),
  };
}

/**
 * A tournament's period at `now` (or its first, before it starts): with a reset schedule, periods run
 * from one reset to the next, cut by the start and end times; without, one period from the start time.
 * Each is active for `duration` seconds from its start, at most until it expires.
 */
export function deadlines(t: TournamentFields, schedule: string | null, now: Date): Deadlines {
  const start = t.startTime.getTime();
  const end = t.endTime ? t.endTime.getTime() : null;
  const at = new Date(Math.max(now.getTime(), start));
  let startActive = start;
  let expiry = end;
  let next: number | null = null;
  let prev: number | null = null;
  if (schedule) {
    next = nextReset(schedule, at).getTime();
    prev = lastReset(schedule, at).getTime();
    startActive = Math.max(start, prev);
    if (prev < start) prev = null;
    expiry = end !== null && end < next ? end : next;
  }
  let endActive = startActive + t.duration * 1000;
  if (expiry !== null && endActive > expiry) endActive = expiry;
  const date = (v: number | null) => (v === null ? null : new Date(v));
  return { startActive: new Date(startActive), endActive: new Date(endActive), expiry: date(expiry), nextReset: date(next), prevReset: date(prev) };
}

export const isActive = (d: Deadlines, now: Date): boolean => now >= d.startActive && now < d.endActive;

/** The next reset strictly after `now`: the end of the period `now` is in. */
export function nextReset(schedule: string, now: Date): Date {
  return CronExpressionParser.parse(schedule, { currentDate: now, tz: 'UTC' }).next().toDate();
}

/** The last reset at or before `now`. */
export function lastReset(schedule: string, now: Date): Date {
  return CronExpressionParser.parse(schedule, { currentDate: new Date(now.getTime() + 1), tz: 'UTC' }).prev().toDate();
}

export function checkLeaderboardId(id: string): string {
  if (!id || id.length > 128 || !storable(id)) throw invalid(BAD_ID);
  return id;
}

/** A record's metadata as sent: JSON text of an object, or undefined to keep what is stored. */
export function checkMetadata(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw invalid(BAD_METADATA);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(BAD_METADATA);
  if (jsonHasUnstorable(text, v)) throw unstorable('metadata');
  return text;
}

export function checkInt64(v: bigint): bigint {
  if (v > INT64_MAX || v < INT64_MIN) throw invalid(OUT_OF_RANGE);
  return v;
}

/** SQL of records sorting before (or after) the cursor's key in a board's order; params appended. */
export function beyond(params: unknown[], k: RankKey, desc: boolean, after: boolean): string {
  params.push(k.score.toString(), k.subscore.toString(), String(k.micros), k.owner);
  const n = params.length;
  const first = desc !== after ? '>' : '<';
  const last = after ? '>' : '<';
  const t = `('epoch'::timestamptz + $${n - 1}::int8 * interval '1 microsecond')`;
  return `score ${first}= $${n - 3}::int8 AND (score ${first} $${n - 3}::int8 OR (score = $${n - 3}::int8 AND (subscore ${first} $${n - 2}::int8
    OR (subscore = $${n - 2}::int8 AND (update_time, owner_id) ${last} (${t}, $${n}::uuid)))))`;
}

export const orderBy = (desc: boolean, reverse: boolean): string => {
  const d = desc !== reverse ? 'DESC' : 'ASC';
  const u = reverse ? 'DESC' : 'ASC';
  // Qualified: the selected columns' text aliases (score, subscore) would otherwise be sorted.
  const t = 'leaderboard_record';
  return `${t}.score ${d}, ${t}.subscore ${d}, ${t}.update_time ${u}, ${t}.owner_id ${u}`;
};

/** A listing cursor at a record: 'n' for the page after it, 'p' for the page before. */
export function cursorOf(dir: 'n' | 'p', r: RecordRow, expiry: Date): string {
  return encodeCursor([dir, r.score, r.subscore, r.micros, r.owner_id, expiry.getTime()] satisfies Cursor);
}

export function decodeRecordCursor(cursor: string): { dir: string; key: RankKey; expiry: Date } {
  const c = decodeCursor(cursor, isTuple(['string', 'string', 'string', 'string', 'string', 'number']), BAD_CURSOR) as Cursor;
  const [dir, score, subscore, micros, owner, expiry] = c;
  const int = /^-?\d{1,19}$/;
  if ((dir !== 'n' && dir !== 'p') || !int.test(score) || !int.test(subscore) || !/^-?\d{1,16}$/.test(micros) || !isUuid(owner)
    || !Number.isSafeInteger(expiry)) {
    throw invalid(BAD_CURSOR);
  }
  try {
    checkInt64(BigInt(score));
    checkInt64(BigInt(subscore));
    return { dir, key: { score: rankScore(score), subscore: rankScore(subscore), micros: Number(micros), owner, numScore: 0 }, expiry: new Date(expiry) };
  } catch {
    throw invalid(BAD_CURSOR);
  }
}

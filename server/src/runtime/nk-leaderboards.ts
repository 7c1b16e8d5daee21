// The `nk` facade's leaderboards, with the server's rights: authoritative boards take these writes.
import type { Core } from '../core/index.ts';
import type { Leaderboard, LeaderboardRecord, Operator, SortOrder } from '../core/leaderboards.ts';
import { invalid } from '../errors.ts';

export type NkLeaderboard = Leaderboard;
export type NkLeaderboardRecord = LeaderboardRecord;

export interface NkLeaderboardRecordList {
  records: LeaderboardRecord[];
  ownerRecords: LeaderboardRecord[];
  nextCursor?: string;
  prevCursor?: string;
  rankCount: number;
}

export interface NkLeaderboards {
  /**
   * Creates a board; an existing id is left as it is. resetSchedule: a cron expression (UTC) ending each
   * period, or null for one that never resets. enableRanks false: records get rank 0 and no rank is kept.
   */
  leaderboardCreate(id: string, authoritative: boolean, sortOrder?: SortOrder, operator?: Operator,
    resetSchedule?: string | null, metadata?: Record<string, unknown>, enableRanks?: boolean): Promise<void>;
  /** Deletes a board and all its records. */
  leaderboardDelete(id: string): Promise<void>;
  /** Every board, by id. */
  leaderboardList(): Promise<NkLeaderboard[]>;
  /** The boards that exist among ids, in their order. */
  leaderboardsGetId(ids: string[]): Promise<NkLeaderboard[]>;
  /** Writes an owner's record of the current period; operatorOverride replaces the board's operator. */
  leaderboardRecordWrite(id: string, ownerId: string, username?: string | null, score?: number | bigint, subscore?: number | bigint,
    metadata?: Record<string, unknown> | null, operatorOverride?: Operator): Promise<NkLeaderboardRecord>;
  leaderboardRecordDelete(id: string, ownerId: string): Promise<void>;
  /** A page of records (limit 1-1000), and the records of ownerIds; expiry: a period's end in unix seconds, 0 the current one. */
  leaderboardRecordsList(id: string, ownerIds?: string[], limit?: number, cursor?: string, expiry?: number): Promise<NkLeaderboardRecordList>;
  /** Records around an owner's. */
  leaderboardRecordsHaystack(id: string, ownerId: string, limit?: number, cursor?: string, expiry?: number): Promise<NkLeaderboardRecordList>;
}

export function int64(name: string, v: number | bigint | undefined): bigint {
  if (v === undefined) return 0n;
  if (typeof v === 'bigint') return v;
  if (!Number.isSafeInteger(v)) throw invalid(`${name} must be a whole number.`);
  return BigInt(v);
}

export function metadataText(m: Record<string, unknown> | null | undefined): string | undefined {
  if (m === undefined || m === null) return undefined;
  if (typeof m !== 'object' || Array.isArray(m)) throw invalid('Metadata must be a JSON object.');
  return JSON.stringify(m);
}

export function leaderboardNk(core: Core): NkLeaderboards {
  const { leaderboards } = core;
  return {
    leaderboardCreate: (id, authoritative, sortOrder = 'desc', operator = 'best', resetSchedule = null, metadata = {}, enableRanks = true) =>
      leaderboards.create({ id, authoritative: !!authoritative, sortOrder, operator, resetSchedule, metadata, enableRanks }),
    leaderboardDelete: (id) => leaderboards.delete(id),
    leaderboardList: () => leaderboards.list(),
    async leaderboardsGetId(ids) {
      const out: NkLeaderboard[] = [];
      for (const id of ids) {
        const b = id ? await leaderboards.find(id) : undefined;
        if (b) out.push(b);
      }
      return out;
    },
    leaderboardRecordWrite: async (id, ownerId, username = null, score, subscore, metadata, operatorOverride) =>
      leaderboards.write(id, ownerId, username, int64('score', score), int64('subscore', subscore), metadataText(metadata), operatorOverride, false),
    leaderboardRecordDelete: (id, ownerId) => leaderboards.deleteRecord(id, ownerId, false),
    leaderboardRecordsList: (id, ownerIds = [], limit = 10, cursor, expiry = 0) => leaderboards.listRecords(id, ownerIds, limit, cursor, expiry),
    leaderboardRecordsHaystack: (id, ownerId, limit = 10, cursor, expiry = 0) => leaderboards.haystack(id, ownerId, limit, cursor, expiry),
  };
}

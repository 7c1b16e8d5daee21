// The `nk` facade's tournaments, with the server's rights: authoritative tournaments take these writes,
// the other rules (active window, join, attempts, size) hold as for clients.
import type { Core } from '../core/index.ts';
import type { Operator, SortOrder } from '../core/leaderboards.ts';
import type { Tournament, TournamentList } from '../core/tournaments.ts';
import { int64, metadataText, type NkLeaderboardRecord, type NkLeaderboardRecordList } from './nk-leaderboards.ts';

export type NkTournament = Tournament;
export type NkTournamentList = TournamentList;

export interface NkTournaments {
  /**
   * Creates a tournament; an existing id is left as it is. resetSchedule: a cron expression (UTC) starting
   * each period, or null for one period. category 0-127; startTime, endTime in unix seconds (0: now, no end);
   * duration: seconds each period stays active (at least 1); maxSize, maxNumScore: 0 for no limit.
   */
  tournamentCreate(id: string, authoritative: boolean, sortOrder?: SortOrder, operator?: Operator, resetSchedule?: string | null,
    metadata?: Record<string, unknown>, title?: string, description?: string, category?: number, startTime?: number, endTime?: number,
    duration?: number, maxSize?: number, maxNumScore?: number, joinRequired?: boolean, enableRanks?: boolean): Promise<void>;
  /** Deletes a tournament and all its records. */
  tournamentDelete(id: string): Promise<void>;
  /** The tournaments among ids, in their order, with their current deadlines and size. */
  tournamentsGetId(ids: string[]): Promise<NkTournament[]>;
  /** Tournaments not yet ended, by id (limit 1-100); startTime, endTime in unix seconds bound their start and end. */
  tournamentList(categoryStart?: number, categoryEnd?: number, startTime?: number, endTime?: number, limit?: number, cursor?: string): Promise<NkTournamentList>;
  /** Joins an owner to the current period (a no-op unless join is required). */
  tournamentJoin(id: string, ownerId: string, username?: string | null): Promise<void>;
  /** Gives an owner's record of the current period count more score attempts (fewer when negative). */
  tournamentAddAttempt(id: string, ownerId: string, count: number): Promise<void>;
  tournamentRecordWrite(id: string, ownerId: string, username?: string | null, score?: number | bigint, subscore?: number | bigint,
    metadata?: Record<string, unknown> | null, operatorOverride?: Operator): Promise<NkLeaderboardRecord>;
  tournamentRecordDelete(id: string, ownerId: string): Promise<void>;
  /** A page of records (limit 1-1000) and the records of ownerIds; expiry: a period's end in unix seconds, 0 the current one. */
  tournamentRecordsList(id: string, ownerIds?: string[], limit?: number, cursor?: string, expiry?: number): Promise<NkLeaderboardRecordList>;
  /** Records around an owner's. */
  tournamentRecordsHaystack(id: string, ownerId: string, limit?: number, cursor?: string, expiry?: number): Promise<NkLeaderboardRecordList>;
}

export function tournamentNk(core: Core): NkTournaments {
  const { leaderboards, tournaments } = core;
  return {
    tournamentCreate: (id, authoritative, sortOrder = 'desc', operator = 'best', resetSchedule = null, metadata = {}, title = '', description = '',
      category = 0, startTime = 0, endTime = 0, duration = 0, maxSize = 0, maxNumScore = 0, joinRequired = false, enableRanks = true) =>
      tournaments.create({
        id, authoritative: !!authoritative, sortOrder, operator, resetSchedule, metadata, title, description, category, startTime, endTime,
        duration, maxSize, maxNumScore, joinRequired: !!joinRequired, enableRanks: enableRanks !== false,
      }),
    tournamentDelete: (id) => tournaments.delete(id),
    tournamentsGetId: (ids) => tournaments.getIds(ids),
    tournamentList: (categoryStart = 0, categoryEnd = 127, startTime, endTime, limit = 10, cursor) =>
      tournaments.list(categoryStart, categoryEnd, startTime, endTime, limit, cursor),
    tournamentJoin: (id, ownerId, username = null) => tournaments.join(id, ownerId, username),
    tournamentAddAttempt: (id, ownerId, count) => tournaments.addAttempt(id, ownerId, count),
    tournamentRecordWrite: async (id, ownerId, username = null, score, subscore, metadata, operatorOverride) =>
      leaderboards.write(id, ownerId, username, int64('score', score), int64('subscore', subscore), metadataText(metadata), operatorOverride, false,
        new Date(), 'tournament'),
    tournamentRecordDelete: (id, ownerId) => leaderboards.deleteRecord(id, ownerId, false, new Date(), 'tournament'),
    tournamentRecordsList: (id, ownerIds = [], limit = 10, cursor, expiry = 0) =>
      leaderboards.listRecords(id, ownerIds, limit, cursor, expiry, new Date(), 'tournament'),
    tournamentRecordsHaystack: (id, ownerId, limit = 10, cursor, expiry = 0) =>
      leaderboards.haystack(id, ownerId, limit, cursor, expiry, new Date(), 'tournament'),
  };
}

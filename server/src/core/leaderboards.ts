// Leaderboards: boards created by modules, records written by clients (unless authoritative) and modules,
// listings with exact ranks, periods ended by a cron reset schedule. Every call takes the current time, so
// periods can be tested at a fixed instant.
import type { Db, Queryable } from '../db/index.ts';
import { failedPrecondition, invalid, notFound, permissionDenied } from '../errors.ts';
import type { Logger } from '../log.ts';
import { isUuid } from '../tokens.ts';
import { RankCache } from './leaderboard-ranks.ts';
import type { RankKey, RankTree } from './rank-tree.ts';
import {
  AUTHORITATIVE, BAD_OWNER, beyond, boardOf, checkInt64, checkLeaderboardId, checkMetadata, COLUMNS, deadlines, INT64_MAX,
  cursorOf, decodeRecordCursor, keyOf, lastReset, NEVER, nextReset, NOT_FOUND, OPERATORS, orderBy, OUT_OF_RANGE, rankPage,
  type BoardRow, type Leaderboard, type LeaderboardRecord, type Operator, type RecordList, type RecordRow, type SortOrder,
} from './leaderboard-rules.ts';
import { checkLimit } from './validate.ts';
import { checkTournamentWrite, MAX_ATTEMPTS, TOURNAMENT_AUTHORITATIVE, TOURNAMENT_NOT_FOUND, type BoardKind } from './tournament-rules.ts';

export { OPERATORS, type Leaderboard, type LeaderboardRecord, type Operator, type RecordList, type SortOrder };

export class Leaderboards {
  private readonly db: Db;
  private readonly boards = new Map<string, Leaderboard>();
  readonly ranks: RankCache;
  /** Told of each reset this node claimed: the period that ended at `reset`. */
  onReset: ((board: Leaderboard, reset: Date) => Promise<void>) | undefined;
  private readonly node: string;
  private readonly logger: Logger;
  /** Run after runResets at each minute's start (tournaments' deadlines). */
  readonly deadlineRunners: ((now: Date) => Promise<void>)[] = [];
  /** The last reset handled per board, so each is handled once. */
  private readonly handled = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(db: Db, logger: Logger, node: string, clustered: boolean) {
    this.db = db;
    this.logger = logger;
    this.node = node;
    this.ranks = new RankCache((id, expiry, after, limit) => rankPage(db, id, expiry, after, limit), logger, !clustered);
  }

  /** A deleted account's records go with it; the rank cache forgets them once committed (Accounts.deleted). */
  readonly deleteStep = async (q: Queryable, userId: string): Promise<void> => {
    await q.execute('DELETE FROM leaderboard_record WHERE owner_id = $1', [userId]);
  };

  async create(board: Omit<Leaderboard, 'createTime'>): Promise<void> {
    checkLeaderboardId(board.id);
    if (board.sortOrder !== 'asc' && board.sortOrder !== 'desc') throw invalid('Sort order must be "asc" or "desc".');
    if (!OPERATORS.includes(board.operator)) throw invalid('Operator must be "best", "set", "incr" or "decr".');
    if (board.resetSchedule) {
      try {
        nextReset(board.resetSchedule, new Date());
      } catch {
        throw invalid('Reset schedule must be a valid cron expression.');
      }
    }
    // Creating an existing board leaves it as it is (upstream).
    await this.db.execute(
      `INSERT INTO leaderboard (id, authoritative, sort_order, operator, reset_schedule, metadata, enable_ranks)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7) ON CONFLICT (id) DO NOTHING`,
      [board.id, board.authoritative, board.sortOrder === 'asc' ? 0 : 1, OPERATORS.indexOf(board.operator),
        board.resetSchedule || null, JSON.stringify(board.metadata ?? {}), board.enableRanks],
    );
    this.boards.delete(board.id);
  }

  async delete(id: string): Promise<void> {
    await this.db.execute('DELETE FROM leaderboard WHERE id = $1', [id]);
    this.boards.delete(id);
    this.ranks.forget(id);
  }

  /** A board by id, cached; undefined when there is none. */
  async find(id: string): Promise<Leaderboard | undefined> {
    const known = this.boards.get(id);
    if (known) return known;
    const [row] = await this.db.query<BoardRow>('SELECT * FROM leaderboard WHERE id = $1', [id]);
    if (!row) return undefined;
    const board = boardOf(row);
    this.boards.set(id, board);
    return board;
  }

  forgetBoard(id: string): void {
    this.boards.delete(id);
  }

  async get(id: string, kind: BoardKind = 'any'): Promise<Leaderboard> {
    const board = await this.find(checkLeaderboardId(id));
    if (!board || (kind === 'tournament' && !board.tournament) || (kind === 'leaderboard' && board.tournament)) {
      throw notFound(kind === 'tournament' ? TOURNAMENT_NOT_FOUND : NOT_FOUND);
    }
    return board;
  }

  async list(): Promise<Leaderboard[]> {
    const rows = await this.db.query<BoardRow>('SELECT * FROM leaderboard WHERE duration = 0 ORDER BY id');
    return rows.map(boardOf);
  }

  /** The expiry of the period a listing names (unix seconds; 0 for the current one) or `now` is in. */
  expiryOf(board: Leaderboard, now: Date, expirySec = 0): Date {
    if (board.tournament && !expirySec) return deadlines(board.tournament, board.resetSchedule, now).expiry ?? NEVER;
    if (expirySec && (board.resetSchedule || board.tournament)) return new Date(expirySec * 1000);
    return board.resetSchedule ? nextReset(board.resetSchedule, now) : NEVER;
  }

  /**
   * Writes a record. client: refused on authoritative boards. operator: an override of the board's.
   * metadata: JSON text of an object, or undefined to keep the stored one.
   */
  async write(
    id: string, ownerId: string, username: string | null, score: bigint, subscore: bigint,
    metadata: string | undefined, operator: Operator | undefined, client: boolean, now = new Date(), kind: BoardKind = 'leaderboard',
  ): Promise<LeaderboardRecord> {
    const board = await this.get(id, kind);
    if (client && board.authoritative) throw permissionDenied(board.tournament ? TOURNAMENT_AUTHORITATIVE : AUTHORITATIVE);
    if (!isUuid(ownerId)) throw invalid(BAD_OWNER);
    checkInt64(score);
    checkInt64(subscore);
    const meta = checkMetadata(metadata);
    const op = operator ?? board.operator;
    const desc = board.sortOrder === 'desc';
    const expiry = this.expiryOf(board, now);
    const t = board.tournament;
    if (t) await checkTournamentWrite(this.db, board, ownerId, username, expiry, now);
    const pick = desc ? 'GREATEST' : 'LEAST';
    const set = {
      best: [`${pick}(r.score, EXCLUDED.score)`, `${pick}(r.subscore, EXCLUDED.subscore)`],
      set: ['EXCLUDED.score', 'EXCLUDED.subscore'],
      incr: ['r.score + $9::int8', 'r.subscore + $10::int8'],
      decr: ['GREATEST(r.score - $9::int8, 0)', 'GREATEST(r.subscore - $10::int8, 0)'],
    }[op];
    // A first write with decr takes its values from zero, floored there too.
    const first = (v: bigint) => (op === 'decr' ? (v < 0n ? (-v > INT64_MAX ? INT64_MAX : -v) : 0n) : v);
    const params: unknown[] = [board.id, ownerId, username, first(score).toString(), first(subscore).toString(), meta ?? null, expiry, now];
    if (op === 'incr' || op === 'decr') params.push(score.toString(), subscore.toString());
    let row: RecordRow;
    try {
      [row] = await this.db.query<RecordRow>(
        `INSERT INTO leaderboard_record AS r (leaderboard_id, owner_id, username, score, subscore, metadata, expiry_time, create_time, update_time)
         VALUES ($1, $2, $3, $4::int8, $5::int8, COALESCE($6::jsonb, '{}'), $7, $8, $8)
         ON CONFLICT (leaderboard_id, expiry_time, owner_id) DO UPDATE SET
           score = ${t ? `CASE WHEN r.num_score = 0 THEN EXCLUDED.score ELSE ${set[0]} END` : set[0]},
           subscore = ${t ? `CASE WHEN r.num_score = 0 THEN EXCLUDED.subscore ELSE ${set[1]} END` : set[1]}, num_score = r.num_score + 1,
           metadata = COALESCE($6::jsonb, r.metadata), username = COALESCE($3, r.username), update_time = $8
         ${t ? 'WHERE r.num_score < r.max_num_score' : ''}
         RETURNING ${COLUMNS}`,
        params,
      );
      if (!row) throw failedPrecondition(MAX_ATTEMPTS);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === '22003') throw invalid(OUT_OF_RANGE);
      // The board was deleted meanwhile (on another node).
      if (code === '23503') {
        this.boards.delete(board.id);
        throw notFound(NOT_FOUND);
      }
      throw err;
    }
    if (board.enableRanks) this.ranks.put(board.id, expiry, keyOf(row));
    const [ranked] = await this.ranked(board, expiry, [row]);
    return ranked;
  }

  /**
   * Deletes an owner's record of the current period; a missing one is no error. In a tournament the owner
   * leaves the period: its place in the size is free again (and a join is needed again where required).
   */
  async deleteRecord(id: string, ownerId: string, client: boolean, now = new Date(), kind: BoardKind = 'leaderboard'): Promise<void> {
    const board = await this.get(id, kind);
    if (client && board.authoritative) throw permissionDenied(board.tournament ? TOURNAMENT_AUTHORITATIVE : AUTHORITATIVE);
    if (!isUuid(ownerId)) throw invalid(BAD_OWNER);
    const expiry = this.expiryOf(board, now);
    await this.db.tx(async (q) => {
      const gone = await q.execute('DELETE FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2 AND owner_id = $3', [board.id, expiry, ownerId]);
      if (gone && board.tournament) {
        await q.execute('UPDATE leaderboard SET size = size - 1 WHERE id = $1 AND size_expiry = $2 AND size > 0', [board.id, expiry]);
      }
    });
    this.ranks.drop(board.id, expiry, ownerId);
  }

  private record(board: Leaderboard, r: RecordRow, rank: number): LeaderboardRecord {
    return {
      leaderboardId: r.leaderboard_id,
      ownerId: r.owner_id,
      username: r.username,
      score: BigInt(r.score),
      subscore: BigInt(r.subscore),
      numScore: r.num_score,
      maxNumScore: r.max_num_score,
      metadata: r.metadata,
      createTime: r.create_time,
      updateTime: r.update_time,
      expiryTime: board.resetSchedule || r.expiry_time.getTime() !== 0 ? r.expiry_time : null,
      rank,
    };
  }

  /**
   * The loaded tree of a period, if ranks come from the cache: on the embedded database a request waits for
   * the load (made in pages), since its SQL runs on the event loop; with a PostgreSQL server, SQL answers
   * meanwhile. Undefined in a cluster.
   */
  private async cached(board: Leaderboard, expiry: Date): Promise<RankTree | undefined> {
    const desc = board.sortOrder === 'desc';
    const tree = this.ranks.tree(board.id, expiry, desc);
    if (tree || !this.ranks.enabled || this.db.kind !== 'pglite') return tree;
    try {
      return await this.ranks.whenLoaded(board.id, expiry, desc);
    } catch {
      return undefined;
    }
  }

  /** The rank of one record: from the node's cache when loaded, else counted by PostgreSQL over the index. */
  private async rankOf(board: Leaderboard, expiry: Date, k: RankKey): Promise<number> {
    const desc = board.sortOrder === 'desc';
    const tree = await this.cached(board, expiry);
    if (tree) return tree.countBefore(k) + 1;
    const params: unknown[] = [board.id, expiry];
    const [{ n }] = await this.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2 AND ${beyond(params, k, desc, false)}`,
      params,
    );
    return Number(n) + 1;
  }

  /** Records of one period in board order, ranked: the first's rank is looked up, the rest follow it. */
  private async ranked(board: Leaderboard, expiry: Date, rows: RecordRow[]): Promise<LeaderboardRecord[]> {
    if (!rows.length) return [];
    if (!board.enableRanks) return rows.map((r) => this.record(board, r, 0));
    const first = await this.rankOf(board, expiry, keyOf(rows[0]));
    return rows.map((r, i) => this.record(board, r, first + i));
  }

  private async rankCount(board: Leaderboard, expiry: Date): Promise<number> {
    if (!board.enableRanks) return 0;
    const tree = await this.cached(board, expiry);
    if (tree) return tree.size;
    const [{ n }] = await this.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2', [board.id, expiry]);
    return Number(n);
  }

  /** `limit` records after (or before) a key in board order, in board order. */
  private async page(board: Leaderboard, expiry: Date, limit: number, from: RankKey | null, reverse: boolean): Promise<RecordRow[]> {
    const desc = board.sortOrder === 'desc';
    const params: unknown[] = [board.id, expiry, limit];
    const where = from ? `AND ${beyond(params, from, desc, !reverse)}` : '';
    const rows = await this.db.query<RecordRow>(
      `SELECT ${COLUMNS} FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2 ${where}
       ORDER BY ${orderBy(desc, reverse)} LIMIT $3`,
      params,
    );
    return reverse ? rows.reverse() : rows;
  }

  /** A page of rows with its cursors: previous unless it starts the board, next when more follow. */
  private async listFrom(board: Leaderboard, expiry: Date, limit: number, from: RankKey | null, reverse: boolean) {
    const rows = await this.page(board, expiry, limit + 1, from, reverse);
    let more = rows.length > limit;
    let page = rows;
    if (more) page = reverse ? rows.slice(1) : rows.slice(0, limit);
    let prev = from !== null && !reverse;
    if (reverse) {
      prev = more;
      more = true;
    }
    return {
      rows: page,
      nextCursor: more && page.length ? cursorOf('n', page[page.length - 1], expiry) : undefined,
      prevCursor: prev && page.length ? cursorOf('p', page[0], expiry) : undefined,
    };
  }

  /** A listing page, and the records of `ownerIds` wherever they rank. expirySec: a period (0: the current one). */
  async listRecords(id: string, ownerIds: string[], limit: number, cursor: string | undefined, expirySec = 0, now = new Date(),
    kind: BoardKind = 'any'): Promise<RecordList> {
    const board = await this.get(id, kind);
    checkLimit(limit, 1, 1000);
    for (const o of ownerIds) if (!isUuid(o)) throw invalid('One or more owner IDs are invalid.');
    let expiry = this.expiryOf(board, now, expirySec);
    let from: RankKey | null = null;
    let reverse = false;
    if (cursor) {
      const c = decodeRecordCursor(cursor);
      from = c.key;
      reverse = c.dir === 'p';
      if (board.resetSchedule || board.tournament) expiry = c.expiry;
    }
    const page = await this.listFrom(board, expiry, limit, from, reverse);
    const ownerRows = ownerIds.length
      ? await this.db.query<RecordRow>(
        `SELECT ${COLUMNS} FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2 AND owner_id = ANY($3::uuid[])
         ORDER BY ${orderBy(board.sortOrder === 'desc', false)}`,
        [board.id, expiry, ownerIds])
      : [];
    const ownerRecords: LeaderboardRecord[] = [];
    for (const r of ownerRows) ownerRecords.push(...(await this.ranked(board, expiry, [r])));
    return {
      records: await this.ranked(board, expiry, page.rows),
      ownerRecords,
      nextCursor: page.nextCursor,
      prevCursor: page.prevCursor,
      rankCount: await this.rankCount(board, expiry),
    };
  }

  /** Records around an owner's: about half before it, the rest from it on; from the top when it has none. */
  async haystack(id: string, ownerId: string, limit: number, cursor: string | undefined, expirySec = 0, now = new Date(),
    kind: BoardKind = 'any'): Promise<RecordList> {
    const board = await this.get(id, kind);
    if (!isUuid(ownerId)) throw invalid(BAD_OWNER);
    checkLimit(limit, 1, 1000);
    if (cursor) return this.listRecords(id, [], limit, cursor, expirySec, now, kind);
    const expiry = this.expiryOf(board, now, expirySec);
    const [own] = await this.db.query<RecordRow>(
      `SELECT ${COLUMNS} FROM leaderboard_record WHERE leaderboard_id = $1 AND expiry_time = $2 AND owner_id = $3`, [board.id, expiry, ownerId]);
    if (!own) return this.listRecords(id, [], limit, undefined, expirySec, now, kind);
    const k = keyOf(own);
    let before = await this.page(board, expiry, Math.floor(limit / 2), k, true);
    const after = await this.page(board, expiry, limit - 1 - before.length, k, false);
    // Near the bottom: fill up with more records before the owner's.
    if (before.length + 1 + after.length < limit && before.length === Math.floor(limit / 2)) {
      before = await this.page(board, expiry, limit - 1 - after.length, k, true);
    }
    const rows = [...before, own, ...after];
    const records = await this.ranked(board, expiry, rows);
    return {
      records,
      ownerRecords: [],
      prevCursor: board.enableRanks && records[0].rank === 1 ? undefined : cursorOf('p', rows[0], expiry),
      nextCursor: cursorOf('n', rows[rows.length - 1], expiry),
      rankCount: await this.rankCount(board, expiry),
    };
  }

  /**
   * Handles the resets that passed by `now`: each board's last reset is claimed once across the cluster
   * (a row in leaderboard_reset) and told to onReset there; every node forgets the ended period's ranks.
   */
  async runResets(now = new Date()): Promise<void> {
    const rows = await this.db.query<BoardRow>('SELECT * FROM leaderboard WHERE reset_schedule IS NOT NULL AND duration = 0');
    for (const row of rows) {
      const board = boardOf(row);
      const reset = lastReset(board.resetSchedule!, now);
      const seen = this.handled.get(board.id);
      this.handled.set(board.id, reset.getTime());
      // A board seen for the first time starts from its latest reset: older ones passed before this node knew.
      if (seen === undefined && reset.getTime() < now.getTime() - 60_000) continue;
      if (seen !== undefined && seen >= reset.getTime()) continue;
      if (reset.getTime() < board.createTime.getTime()) continue;
      this.ranks.forget(board.id, reset);
      const claimed = await this.db.execute(
        'INSERT INTO leaderboard_reset (leaderboard_id, reset_time, node) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
        [board.id, reset, this.node],
      );
      if (claimed === 1 && this.onReset) {
        try {
          await this.onReset(board, reset);
        } catch (err) {
          this.logger.error('leaderboard reset hook failed', { leaderboardId: board.id, err });
        }
      }
    }
  }

  /** Runs runResets and the deadline runners at each minute's start (cron's finest step) until stop(). */
  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      const wait = 60_000 - (Date.now() % 60_000) + 50;
      this.timer = setTimeout(() => {
        const now = new Date();
        this.runResets(now)
          .then(async () => {
            for (const run of this.deadlineRunners) await run(now);
          })
          .catch((err) => this.logger.error('leaderboard resets failed', { err })).finally(tick);
      }, wait);
      this.timer.unref();
    };
    tick();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

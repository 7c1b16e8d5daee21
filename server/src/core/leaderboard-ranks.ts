// The rank cache of one node: per (leaderboard, period) an order-statistic tree of its records (rank-tree.ts), loaded
// lazily from the database in pages (the event loop is given back between them) and changed by every
// write and delete made on this node. Until a board is loaded, ranks come from SQL.
import type { Logger } from '../log.ts';
import { RankTree, type RankKey } from './rank-tree.ts';

/** Loads one page of a period's records, by owner id after `after`. */
export type RankLoader = (leaderboardId: string, expiry: Date, after: string | null, limit: number) => Promise<RankKey[]>;

/**
 * Rows per page while loading: each page is inserted in one turn of the event loop (about 10 ms); on the
 * embedded database its query runs in-process too (20-30 ms for 1,000 rows on this 2-core machine).
 */
const LOAD_PAGE = 1000;

class BoardRanks {
  ready = false;
  /** Settles when the load ends: with the tree, or with the load's failure. */
  readonly loaded: Promise<RankTree>;
  settle!: (err?: unknown) => void;
  readonly tree: RankTree;
  /** Owners written or deleted while loading: their loaded rows may be older than what the tree has. */
  private touched: Set<string> | null = new Set();

  constructor(desc: boolean) {
    this.tree = new RankTree(desc);
    this.loaded = new Promise((resolve, reject) => {
      this.settle = (err) => (err === undefined ? resolve(this.tree) : reject(err));
    });
    // A load nobody awaits must not fail as an unhandled rejection.
    this.loaded.catch(() => {});
  }

  put(key: RankKey): void {
    this.touched?.add(key.owner);
    const version = this.tree.version(key.owner);
    // A write answered out of order: the tree already holds a later one.
    if (version > key.numScore) return;
    if (version >= 0) this.tree.remove(key.owner);
    this.tree.insert(key);
  }

  drop(owner: string): void {
    this.touched?.add(owner);
    this.tree.remove(owner);
  }

  add(rows: RankKey[]): void {
    for (const k of rows) {
      if (this.touched!.has(k.owner) || this.tree.version(k.owner) >= 0) continue;
      this.tree.insert(k);
    }
  }

  finish(): void {
    this.touched = null;
    this.ready = true;
    this.settle();
  }
}

export class RankCache {
  private readonly boards = new Map<string, BoardRanks>();
  private readonly load: RankLoader;
  private readonly logger: Logger;
  /** Turned off in a cluster: every node's writes change ranks, so they come from SQL there. */
  readonly enabled: boolean;

  constructor(load: RankLoader, logger: Logger, enabled: boolean) {
    this.load = load;
    this.logger = logger;
    this.enabled = enabled;
  }

  private static key(leaderboardId: string, expiry: Date): string {
    return `${leaderboardId}\n${expiry.getTime()}`;
  }

  private board(leaderboardId: string, expiry: Date, desc: boolean): BoardRanks {
    const k = RankCache.key(leaderboardId, expiry);
    const board = this.boards.get(k);
    if (board) return board;
    const fresh = new BoardRanks(desc);
    this.boards.set(k, fresh);
    void this.fill(k, fresh, leaderboardId, expiry);
    return fresh;
  }

  /** The loaded tree of a period, or undefined while it loads (the first ask starts the load). */
  tree(leaderboardId: string, expiry: Date, desc: boolean): RankTree | undefined {
    if (!this.enabled) return undefined;
    const board = this.board(leaderboardId, expiry, desc);
    return board.ready ? board.tree : undefined;
  }

  /** The tree of a period once loaded (the embedded database, whose SQL would run on the event loop). */
  whenLoaded(leaderboardId: string, expiry: Date, desc: boolean): Promise<RankTree> {
    return this.board(leaderboardId, expiry, desc).loaded;
  }

  /** Loads a period page by page, yielding between pages; stops when the period was dropped meanwhile. */
  private async fill(k: string, board: BoardRanks, leaderboardId: string, expiry: Date): Promise<void> {
    let after: string | null = null;
    try {
      for (;;) {
        const rows = await this.load(leaderboardId, expiry, after, LOAD_PAGE);
        if (this.boards.get(k) !== board) {
          board.settle(new Error('The period was forgotten while it loaded.'));
          return;
        }
        board.add(rows);
        if (rows.length < LOAD_PAGE) break;
        after = rows[rows.length - 1].owner;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      board.finish();
    } catch (err) {
      this.logger.error('leaderboard rank cache load failed', { leaderboardId, err });
      if (this.boards.get(k) === board) this.boards.delete(k);
      board.settle(err);
    }
  }

  /** A record written on this node (after commit). */
  put(leaderboardId: string, expiry: Date, key: RankKey): void {
    this.boards.get(RankCache.key(leaderboardId, expiry))?.put(key);
  }

  /** A record deleted on this node (after commit). */
  drop(leaderboardId: string, expiry: Date, owner: string): void {
    this.boards.get(RankCache.key(leaderboardId, expiry))?.drop(owner);
  }

  /** Forgets a period (its reset passed) or, without expiry, every period of a board. */
  forget(leaderboardId: string, expiry?: Date): void {
    if (expiry) {
      this.boards.delete(RankCache.key(leaderboardId, expiry));
      return;
    }
    for (const k of [...this.boards.keys()]) if (k.startsWith(`${leaderboardId}\n`)) this.boards.delete(k);
  }

  /** An owner's records were deleted everywhere (a deleted account), after commit. */
  dropOwner(owner: string): void {
    for (const board of this.boards.values()) board.drop(owner);
  }
}

import fs from 'node:fs';
import { PGlite, types, type PGliteInterface } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { Db, Queryable } from './db.ts';

// int8 stays a string, as node-postgres returns it: scores and counters may exceed 2^53.
const parsers = { [types.INT8]: (v: string) => v };
// Passed with every query too: a clone() does not inherit the parsers of its original.
const OPTIONS = { parsers };

/** Statements; with `wal`, each answer waits until what was committed before it is on disk. */
function wrap(pg: Pick<PGliteInterface, "query">, wal?: WalSync): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params, OPTIONS);
      if (wal?.pending) await wal.durable();
      return r.rows;
    },
    async execute(sql: string, params?: unknown[]) {
      const r = await pg.query(sql, params, OPTIONS);
      if (wal?.pending) await wal.durable();
      return r.affectedRows ?? 0;
    },
  };
}

export function pgliteDb(pg: PGliteInterface): Db {
  const wal = walSyncs.get(pg);
  const base = wrap(pg, wal);
  return {
    kind: 'pglite',
    ...base,
    // PGlite is a single connection: a transaction holds it exclusively, so nothing can conflict or retry.
    // Its statements answer at once (nothing of theirs is committed yet); the transaction, once durable.
    async tx(fn) {
      const result = await pg.transaction((t) => fn(wrap(t)));
      if (wal?.pending) await wal.durable();
      return result;
    },
    async script(sql: string) {
      await pg.exec(sql);
      if (wal?.pending) await wal.durable();
    },
    close: () => pg.close(),
  };
}

// PGlite writes through Node's fs at once (a commit's WAL reaches the operating system before the commit
// returns, so a killed process loses nothing), but as shipped it never forces anything to disk: it starts
// PostgreSQL with fsync off (-F), and its file system (Emscripten's NODEFS) has no fsync, so a power loss could
// lose the last commits or leave the files torn. DurableNodeFS gives NODEFS an fsync, and PostgreSQL runs
// with fsync on and wal_sync_method=fsync (PGlite's fdatasync does nothing): each commit fsyncs the WAL, each
// checkpoint the data files, as PostgreSQL does on a server.
const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

interface NodeFsStream { nfd: number; path?: string }
interface StreamOps {
  fsync?: (stream: NodeFsStream) => number;
  write: (stream: NodeFsStream, ...rest: unknown[]) => number;
  close: (stream: NodeFsStream) => void;
}
interface EmscriptenNodeFs { stream_ops: StreamOps }

const isWal = (stream: NodeFsStream) => stream.path?.includes('/pg_wal/') === true;

const fsyncAsync = (fd: number) => new Promise<void>((resolve, reject) => fs.fsync(fd, (err) => (err ? reject(err) : resolve())));

/**
 * The WAL's fsyncs, off the event loop (a group commit). PostgreSQL runs on the event loop's thread, so a
 * synchronous fsync per commit (2-3 ms on this kind of disk) stopped every socket and request meanwhile.
 * Instead, PostgreSQL's fsync of a WAL segment marks it, and the statement that committed answers only
 * once one asynchronous fsync of every marked segment has finished (pgliteDb waits for `durable()`): the
 * commits that finished meanwhile share it. Acknowledged still means on disk, and so does anything read:
 * every answer waits while a flush is due, so nobody is shown a commit that a power loss could take back.
 * Whatever else PostgreSQL writes or forces (a data file, a checkpoint) first forces the marked segments
 * synchronously, so the WAL reaches the disk before the data it describes, as PostgreSQL requires.
 */
class WalSync {
  /** Segments marked since the last flush began. */
  private readonly marked = new Set<number>();
  /** Segments being flushed now, and those closed meanwhile (forced at their close). */
  private inflight = new Set<number>();
  private readonly closedInflight = new Set<number>();
  private flushing: Promise<void> | undefined;
  /** Marks so far, and the marks every finished flush (or forced sync) covers. */
  private marks = 0;
  private durableMarks = 0;

  get pending(): boolean {
    return this.durableMarks < this.marks;
  }

  mark(fd: number): void {
    this.marked.add(fd);
    this.marks++;
  }

  /** Forces every marked and in-flight segment now, on this thread. */
  syncNow(): void {
    for (const fd of this.inflight) if (!this.closedInflight.has(fd)) fs.fsyncSync(fd);
    for (const fd of this.marked) fs.fsyncSync(fd);
    this.marked.clear();
    this.durableMarks = this.marks;
  }

  /** A segment is closed: forced first if it has a flush due. */
  closing(fd: number): void {
    if (this.marked.has(fd) || this.inflight.has(fd)) fs.fsyncSync(fd);
    this.marked.delete(fd);
    if (this.inflight.has(fd)) this.closedInflight.add(fd);
  }

  /** Resolves once every mark made before the call is on disk (at most two flushes away). */
  async durable(): Promise<void> {
    const target = this.marks;
    while (this.durableMarks < target) {
      if (!this.flushing) this.flushing = this.flush();
      await this.flushing;
    }
  }

  private async flush(): Promise<void> {
    const upTo = this.marks;
    this.inflight = new Set(this.marked);
    this.marked.clear();
    try {
      await Promise.all([...this.inflight].map((fd) => fsyncAsync(fd).catch((err: NodeJS.ErrnoException) => {
        // A segment closed while its flush ran was forced at its close.
        if (!(err.code === 'EBADF' && this.closedInflight.has(fd))) throw err;
      })));
      this.durableMarks = Math.max(this.durableMarks, upTo);
    } finally {
      this.inflight = new Set();
      this.closedInflight.clear();
      this.flushing = undefined;
    }
  }
}

/** The WAL flusher of each durable PGlite, for pgliteDb. */
const walSyncs = new WeakMap<PGliteInterface, WalSync>();

/** PGlite's Node file system, with an fsync that reaches the disk: the WAL's by WalSync, the rest at once. */
class DurableNodeFS extends NodeFS {
  readonly wal = new WalSync();

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const wal = this.wal;
    const withFsync = (mod: { NODEFS?: EmscriptenNodeFs }) => {
      if (!mod.NODEFS) throw new Error('PGlite no longer exposes NODEFS: its writes could not be made durable.');
      const ops = mod.NODEFS.stream_ops;
      const { write, close } = ops;
      ops.fsync = (stream) => {
        if (isWal(stream)) {
          wal.mark(stream.nfd);
        } else {
          if (wal.pending) wal.syncNow();
          fs.fsyncSync(stream.nfd);
        }
        return 0;
      };
      ops.write = (stream, ...rest) => {
        if (wal.pending && !isWal(stream)) wal.syncNow();
        return write(stream, ...rest);
      };
      ops.close = (stream) => {
        if (isWal(stream)) wal.closing(stream.nfd);
        return close(stream);
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), withFsync as never] } };
  }
}

/** Opens (creating if needed) an embedded database in dataDir, durable on disk; in memory when dataDir is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir === undefined) return PGlite.create({ parsers });
  const durableFs = new DurableNodeFS(dataDir);
  const pg = await PGlite.create({ fs: durableFs, startParams: DURABLE_START_PARAMS, parsers });
  walSyncs.set(pg, durableFs.wal);
  // Closing forces what is still due (a statement whose answer nobody awaited); a segment PostgreSQL closes
  // while it stops is forced at its close.
  const closePg = pg.close.bind(pg);
  pg.close = async () => {
    if (durableFs.wal.pending) durableFs.wal.syncNow();
    await closePg();
  };
  return pg;
}

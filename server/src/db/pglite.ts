import fs from 'node:fs';
import { PGlite, types, type PGliteInterface } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { Db, Queryable } from './db.ts';

// int8 stays a string, as node-postgres returns it: scores and counters may exceed 2^53.
const parsers = { [types.INT8]: (v: string) => v };
// Passed with every query too: a clone() does not inherit the parsers of its original.
const OPTIONS = { parsers };

function wrap(pg: Pick<PGliteInterface, "query">): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await pg.query<T>(sql, params, OPTIONS);
      return r.rows;
    },
    async execute(sql: string, params?: unknown[]) {
      const r = await pg.query(sql, params, OPTIONS);
      return r.affectedRows ?? 0;
    },
  };
}

export function pgliteDb(pg: PGliteInterface): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    // PGlite is a single connection: a transaction holds it exclusively, so nothing can conflict or retry.
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    async script(sql: string) {
      await pg.exec(sql);
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

interface NodeFsStream { nfd: number }
interface EmscriptenNodeFs { stream_ops: { fsync?: (stream: NodeFsStream) => number } }

/** PGlite's Node file system, with an fsync that reaches the disk. */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const withFsync = (mod: { NODEFS?: EmscriptenNodeFs }) => {
      if (!mod.NODEFS) throw new Error('PGlite no longer exposes NODEFS: its writes could not be made durable.');
      mod.NODEFS.stream_ops.fsync = (stream) => {
        fs.fsyncSync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), withFsync as never] } };
  }
}

/** Opens (creating if needed) an embedded database in dataDir, durable on disk; in memory when dataDir is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir === undefined) return PGlite.create({ parsers });
  return PGlite.create({ fs: new DurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS, parsers });
}

// The embedded database belongs to one process at a time: PGlite keeps no lock of its own, and two
// processes writing one directory (or a backup copying it while a server writes) break it. Whoever opens
// DATA_DIR/db (the server, a backup, a restore) first writes DATA_DIR/db.lock with its process id; a
// lock whose process is gone (a crash, kill -9) is stale and taken over.
import fs from 'node:fs';
import os from 'node:os';

/** Who holds a data directory: written into its lock file. */
interface LockHolder {
  pid: number;
  host: string;
  /** What holds it: "server", "backup", "restore". */
  purpose: string;
  since: string;
}

/** A lock file whose content is not a holder's. */
const UNREADABLE: LockHolder = { pid: -1, host: '?', purpose: '?', since: '?' };

/** The embedded database is open in another process (or already in this one). */
export class DataDirInUse extends Error {
  constructor(dir: string, holder: LockHolder) {
    const who = holder === UNREADABLE
      ? `a process whose lock file cannot be read`
      : holder.pid === process.pid
        ? `this process (${holder.purpose}, since ${holder.since})`
        : `process ${holder.pid} on ${holder.host} (${holder.purpose}, since ${holder.since})`;
    super(
      `The embedded database in ${dir} is in use by ${who}. PGlite serves one process at a time: ` +
        `stop that process first. If none runs, remove ${lockPath(dir)}.`,
    );
    this.name = 'DataDirInUse';
  }
}

interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still this one's. */
  release(): void;
}

/** Locks held by this process: the same process opening a directory twice is refused too. */
const held = new Set<string>();

/**
 * The lock file of the database directory dir: beside it, so that a restore can swap the directory.
 * @internal
 */
export const lockPath = (dir: string) => `${dir}.lock`;

/** Takes dir's lock for purpose, or throws DataDirInUse naming the holder. */
export function lockDataDir(dir: string, purpose: string): DataDirLock {
  const file = lockPath(dir);
  const mine: LockHolder = { pid: process.pid, host: os.hostname(), purpose, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(mine) + '\n', { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = readHolder(file);
    // Gone meanwhile: its holder just released it. Try again.
    if (!holder && attempt < 3) continue;
    // A stale lock (its process is gone) is taken over once: found again, someone else has just taken it.
    if (!holder || alive(holder, file) || attempt > 0) throw new DataDirInUse(dir, holder ?? UNREADABLE);
    fs.rmSync(file, { force: true });
  }
  held.add(file);
  return {
    path: file,
    release() {
      if (!held.delete(file)) return;
      if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
    },
  };
}

/** The holder written in file; undefined when there is no file; UNREADABLE when its content is not one. */
function readHolder(file: string): LockHolder | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    if (typeof h.pid === 'number' && Number.isInteger(h.pid) && h.pid > 0) {
      return { pid: h.pid, host: String(h.host ?? '?'), purpose: String(h.purpose ?? '?'), since: String(h.since ?? '?') };
    }
  } catch {
    // Cut short or not ours: UNREADABLE below.
  }
  // Its writer may be alive right now (between creating and writing it): held until removed by hand.
  return UNREADABLE;
}

function alive(holder: LockHolder, file: string): boolean {
  if (holder === UNREADABLE) return true;
  // This process's own id: held if this process took it, stale if an earlier process with the same id
  // (a container's pid 1 after a restart) left it.
  if (holder.pid === process.pid) return held.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists and belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

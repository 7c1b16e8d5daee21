// Backups of the embedded database (npm run backup, npm run restore): PGlite's own snapshot of its data
// directory, a gzip-compressed tar archive (dumpDataDir), made after a checkpoint while this process holds the
// directory's lock, so no server writes it meanwhile. A PostgreSQL server is backed up with pg_dump (README).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.ts';
import { lockDataDir } from './lock.ts';
import { openPglite } from './pglite.ts';

/** A refusal or bad input: its message is the whole story, for the command line to print. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type Storage = Pick<Config, 'dataDir' | 'databaseUrl'>;

interface BackupResult {
  /** The database directory backed up. */
  dir: string;
  file: string;
  bytes: number;
}

interface RestoreResult {
  /** The database directory restored into. */
  dir: string;
  file: string;
  /** Whether a database was there before (and was replaced). */
  replaced: boolean;
}

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** DATA_DIR/backups/tribuna-db-<UTC time>.tar.gz. */
function defaultBackupFile(dataDir: string, now = new Date()): string {
  return path.join(dataDir, 'backups', `tribuna-db-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
}

/** Writes a snapshot of DATA_DIR/db to file (default: defaultBackupFile); never overwrites a file. */
export async function backupEmbedded(storage: Storage, file?: string): Promise<BackupResult> {
  if (storage.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the database is a PostgreSQL server, not the embedded one. Back it up with pg_dump, ' +
        'e.g. pg_dump -Fc -d "$DATABASE_URL" -f tribuna.dump (README, Backups).',
    );
  }
  const dir = dbDir(storage.dataDir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dir}: nothing to back up.`);
  const target = path.resolve(file ?? defaultBackupFile(storage.dataDir));
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: name another file, or remove it first.`);

  const lock = lockDataDir(dir, 'backup');
  let archive: Buffer;
  try {
    const pg = await openPglite(dir);
    try {
      // Flushed to the data files first, so the snapshot needs no WAL replay when it is opened.
      await pg.exec('CHECKPOINT');
      archive = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await pg.close();
    }
  } finally {
    lock.release();
  }
  // Written under a temporary name and renamed: a file with the backup's name is always whole.
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    const fd = fs.openSync(partial, 'w');
    try {
      fs.writeSync(fd, archive);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(partial, target);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw new BackupError(`Could not write ${target}: ${(err as Error).message}`);
  }
  return { dir, file: target, bytes: archive.length };
}

/**
 * Restores file into DATA_DIR/db. The file is checked first; then unpacked into a new directory beside
 * the database and opened there; only then is the old directory renamed aside, the new one put in its
 * place, and the old one removed. A failure at any step leaves the database as it was.
 */
export async function restoreEmbedded(storage: Storage, file: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  if (storage.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: the database is a PostgreSQL server, not the embedded one. Restore a pg_dump archive ' +
        'with pg_restore, e.g. pg_restore --no-owner -d "$DATABASE_URL" tribuna.dump (README, Backups).',
    );
  }
  const source = path.resolve(file);
  const archive = readArchive(source);
  const dir = dbDir(storage.dataDir);
  fs.mkdirSync(storage.dataDir, { recursive: true });

  const lock = lockDataDir(dir, 'restore');
  try {
    const existing = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    if (existing.length && !opts.force) {
      throw new BackupError(`${dir} holds a database already. Restoring replaces it: add --force to do so.`);
    }
    checkArchive(source, archive);

    const staging = fs.mkdtempSync(`${dir}.restoring-`);
    try {
      await unpack(source, archive, staging);
      // On disk before it takes the database's place: a power loss after the restore keeps it whole.
      syncTree(staging);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw err;
    }

    const aside = `${dir}.before-restore-${process.pid}-${Date.now()}`;
    const moved = fs.existsSync(dir);
    if (moved) fs.renameSync(dir, aside);
    try {
      fs.renameSync(staging, dir);
    } catch (err) {
      if (moved) fs.renameSync(aside, dir);
      fs.rmSync(staging, { recursive: true, force: true });
      throw new BackupError(`Could not put the restored database in place (${(err as Error).message}).`);
    }
    syncDir(storage.dataDir);
    // The restore is done: only now is the previous database let go.
    if (moved) fs.rmSync(aside, { recursive: true, force: true });
    return { dir, file: source, replaced: existing.length > 0 };
  } finally {
    lock.release();
  }
}

const dbDir = (dataDir: string) => path.join(dataDir, 'db');

function readArchive(file: string): Buffer {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`${file} does not exist.`);
    if (code === 'EISDIR') throw new BackupError(`${file} is a directory, not a backup file.`);
    throw new BackupError(`Could not read ${file}: ${(err as Error).message}`);
  }
  if (!data.subarray(0, 2).equals(GZIP_MAGIC)) {
    throw new BackupError(`${file} is not a backup of the embedded database (not a gzip-compressed archive).`);
  }
  return data;
}

/**
 * Checks that archive is whole and holds a PostgreSQL data directory: the gzip stream ends with its
 * checksum, every tar header's checksum holds, no file is cut short, and PG_VERSION and pg_control are there.
 * @internal
 */
export function checkArchive(file: string, archive: Buffer): void {
  let tar: Buffer;
  try {
    tar = zlib.gunzipSync(archive);
  } catch (err) {
    throw new BackupError(`${file} is truncated or damaged (${(err as Error).message}).`);
  }
  const names = new Set<string>();
  let pgVersion = '';
  for (let off = 0; ; ) {
    if (off + 512 > tar.length) throw new BackupError(`${file} is truncated or damaged (the archive has no end).`);
    const header = tar.subarray(off, off + 512);
    if (header.every((b) => b === 0)) break;
    if (!headerChecksumHolds(header)) throw new BackupError(`${file} is truncated or damaged (a bad header at byte ${off} of the archive).`);
    const ustar = header.subarray(257, 262).toString('latin1') === 'ustar';
    const name = [ustar ? field(header, 345, 155) : '', field(header, 0, 100)].filter(Boolean).join('/').replace(/^\/+/, '');
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0) throw new BackupError(`${file} is truncated or damaged (a bad size of ${name}).`);
    off += 512;
    if (off + size > tar.length) throw new BackupError(`${file} is truncated or damaged (${name} is cut short).`);
    if (name === 'PG_VERSION') pgVersion = tar.subarray(off, off + size).toString('latin1').trim();
    names.add(name);
    off += Math.ceil(size / 512) * 512;
  }
  if (!/^\d+$/.test(pgVersion) || !names.has('global/pg_control')) {
    throw new BackupError(`${file} is not a backup of the embedded database (no PostgreSQL data directory in it).`);
  }
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function headerChecksumHolds(header: Buffer): boolean {
  const stored = parseInt(field(header, 148, 8).trim(), 8);
  let sum = 0;
  // The checksum field itself counts as eight spaces.
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return stored === sum;
}

function fsyncPath(p: string): void {
  const fd = fs.openSync(p, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Makes the names in a directory durable; a platform that cannot fsync a directory skips it. */
function syncDir(dir: string): void {
  try {
    fsyncPath(dir);
  } catch (err) {
    if (!['EISDIR', 'EINVAL', 'EPERM', 'EBADF'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
  }
}

/** Forces every file under dir, and the directories naming them, to disk. */
function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(p);
    else if (entry.isFile()) fsyncPath(p);
  }
  syncDir(dir);
}

/** Unpacks archive into the empty directory dir through PGlite and opens it: a backup that will not open fails here. */
async function unpack(file: string, archive: Buffer, dir: string): Promise<void> {
  let pg: PGlite | undefined;
  try {
    pg = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([archive], { type: 'application/x-gzip' }) });
    const [row] = (await pg.query<{ t: string | null }>(`SELECT to_regclass('public.schema_migration')::text AS t`)).rows;
    if (!row?.t) throw new BackupError(`${file} is not a backup of Tribuna's database (it has no schema_migration table).`);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${file} could not be opened as a database (${(err as Error).message}).`);
  } finally {
    await pg?.close().catch(() => {});
  }
}

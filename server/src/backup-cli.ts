// Entry point of `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]`: the embedded
// database in DATA_DIR/db to a file and back (db/backup.ts). Refusals and bad input are one line on
// stderr and exit code 1; a wrong command line is the usage and exit code 2.
import { ConfigError, loadStorageConfig } from './config.ts';
import { BackupError, backupEmbedded, restoreEmbedded } from './db/backup.ts';
import { DataDirInUse } from './db/index.ts';

const USAGE = `Usage:
  npm run backup [-- <file>]            back up DATA_DIR/db (default file: DATA_DIR/backups/tribuna-db-<time>.tar.gz)
  npm run restore -- <file> [--force]   restore a backup into DATA_DIR/db (--force replaces a database there)
`;

function usage(problem: string): never {
  process.stderr.write(`${problem}\n${USAGE}`);
  process.exit(2);
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
}

const [command, ...args] = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((a) => a !== '--force');
if (command === '--help' || command === '-h' || args.includes('--help')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (command !== 'backup' && command !== 'restore') usage(`Unknown command: ${command ?? '(none)'}`);
const unknown = files.find((a) => a.startsWith('-'));
if (unknown) usage(`Unknown option: ${unknown}`);
if (files.length > 1) usage(`One file at most, got ${files.length}: ${files.join(' ')}`);
if (command === 'backup' && force) usage('--force is an option of restore');
if (command === 'restore' && !files.length) usage('restore needs the backup file to restore');

try {
  const storage = loadStorageConfig();
  if (command === 'backup') {
    const r = await backupEmbedded(storage, files[0]);
    process.stdout.write(`Backed up ${r.dir} to ${r.file} (${size(r.bytes)}, ${r.bytes} bytes)\n`);
  } else {
    const r = await restoreEmbedded(storage, files[0], { force });
    process.stdout.write(`Restored ${r.file} into ${r.dir}${r.replaced ? ' (the database that was there is replaced)' : ''}\n`);
  }
  process.exit(0);
} catch (err) {
  if (err instanceof BackupError || err instanceof DataDirInUse || err instanceof ConfigError) {
    // Every refusal comes before the database directory is touched.
    process.stderr.write(`${err.message}${command === 'restore' ? ' Nothing was changed.' : ''}\n`);
    process.exit(1);
  }
  // Not foreseen: the message first, then the stack for a report.
  const e = err instanceof Error ? err : new Error(String(err));
  process.stderr.write(`${command === 'backup' ? 'Backup' : 'Restore'} failed: ${e.message}\n${e.stack ?? ''}\n`);
  process.exit(1);
}

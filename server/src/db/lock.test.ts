import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { tempDir } from '../testing/index.ts';
import { DataDirInUse, lockDataDir, lockPath } from './lock.ts';

const t = tempDir('tribuna-lock-');
after(() => t.remove());
let n = 0;
const freshDir = () => path.join(t.dir, `db${n++}`);
const holderFile = (pid: number) => JSON.stringify({ pid, host: 'elsewhere', purpose: 'server', since: '2030-01-01T00:00:00.000Z' });

describe('the lock of the embedded database directory', () => {
  it('is held until released, also against this process opening the directory a second time', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'backup');
    assert.equal(lock.path, `${dir}.lock`);
    assert.equal(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid, process.pid);
    assert.throws(() => lockDataDir(dir, 'server'), (e) => e instanceof DataDirInUse && /in use by this process \(backup, since/.test(e.message));
    lock.release();
    assert.ok(!fs.existsSync(lockPath(dir)));
    lockDataDir(dir, 'server').release();
  });

  it('refuses while another living process holds it, naming that process, and leaves its file alone', () => {
    const dir = freshDir();
    // The test runner that started this file is alive, and is not this process.
    fs.writeFileSync(lockPath(dir), holderFile(process.ppid));
    assert.throws(() => lockDataDir(dir, 'restore'), (e) => {
      assert.ok(e instanceof DataDirInUse);
      assert.equal(e.message, `The embedded database in ${dir} is in use by process ${process.ppid} on elsewhere (server, since 2030-01-01T00:00:00.000Z). ` +
        `PGlite serves one process at a time: stop that process first. If none runs, remove ${dir}.lock.`);
      return true;
    });
    assert.equal(fs.readFileSync(lockPath(dir), 'utf8'), holderFile(process.ppid));
  });

  it('takes over a stale lock: its process has ended, or it has this process id but this process never took it', () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    for (const pid of [ended, process.pid]) {
      const dir = freshDir();
      fs.writeFileSync(lockPath(dir), holderFile(pid));
      const lock = lockDataDir(dir, 'server');
      assert.deepEqual(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid, process.pid);
      lock.release();
    }
  });

  it('counts an unreadable lock file as held: its writer may be alive', () => {
    const dir = freshDir();
    fs.writeFileSync(lockPath(dir), '');
    assert.throws(() => lockDataDir(dir, 'backup'), /in use by a process whose lock file cannot be read\. .* remove .*\.lock\./);
  });

  it('release leaves a lock file that is no longer this process\'s', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'server');
    fs.writeFileSync(lock.path, holderFile(process.ppid));
    lock.release();
    assert.equal(fs.readFileSync(lockPath(dir), 'utf8'), holderFile(process.ppid));
  });
});

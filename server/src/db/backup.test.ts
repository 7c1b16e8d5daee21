import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it, mock } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Client, type Session } from '@heroiclabs/nakama-js';
import pg from 'pg';
import { createApp, type App } from '../app.ts';
import { createLogger } from '../log.ts';
import { postgresAnswers, tableDigests, tempDir, TEST_PG_URL, testConfig, type TableDigest } from '../testing/index.ts';
import { BackupError, backupEmbedded, checkArchive, restoreEmbedded } from './backup.ts';
import { openDb } from './index.ts';
import { DataDirInUse, lockPath } from './lock.ts';
import { postgresDb } from './postgres.ts';

const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, '..', 'backup-cli.ts');

/** A server over the given database settings with the portal loaded: its whole schema, every migration. */
async function portalServer(env: Record<string, string>): Promise<{ app: App; client: Client }> {
  const app = await createApp(testConfig({ ...env, RUNTIME_MODULES: '@tribuna/portal' }), { logger: createLogger('silent') });
  const port = await app.listen();
  return { app, client: new Client('defaultkey', '127.0.0.1', String(port)) };
}

/**
 * Rows in many tables, made the way people make them: accounts (e-mail and device), a profile, friends, a
 * group, storage, teams with players and a join request (notifications), news with a like and a rating,
 * a match, a team event with an answer, a tournament, a broadcast, chats with messages, an invitation, a calendar
 * feed, coins granted and spent, page metrics, a logout.
 */
async function fill(app: App, client: Client): Promise<void> {
  const port = app.server.address() as { port: number };
  const rpc = async (s: Session, id: string, input: object) => (await client.rpc(s, id, input)).payload as Record<string, string>;
  const withKey = async (id: string, input: object) => {
    const res = await fetch(`http://127.0.0.1:${port.port}/v2/rpc/${id}?http_key=${app.config.httpKey}`, {
      method: 'POST',
      body: JSON.stringify(JSON.stringify(input)),
    });
    assert.equal(res.status, 200, await res.clone().text());
  };
  const member = async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const s = await client.authenticateEmail(email, 'password-123', true);
    assert.ok(await app.core.accounts.confirmEmail(s.user_id!, email));
    return s;
  };
  const [owner, rival, fan] = [await member(), await member(), await member()];
  const guest = await client.authenticateDevice(`device-${crypto.randomUUID()}`, true);
  await client.updateAccount(owner, { display_name: 'Владелец «Зари»', location: 'Казань' });
  await client.addFriends(owner, [fan.user_id!]);
  await client.createGroup(owner, { name: `Болельщики ${crypto.randomUUID().slice(0, 6)}`, open: true });
  await client.writeStorageObjects(fan, [{ collection: 'settings', key: 'theme', value: { dark: true, size: 3 } }]);

  const team = await rpc(owner, 'create_team', { name: 'Заря', description: 'Любительская команда' });
  const other = await rpc(rival, 'create_team', { name: 'Рассвет' });
  const player = await rpc(fan, 'create_player', { first_name: 'Иван', last_name: 'Петров' });
  const request = await rpc(fan, 'request_join_team_player', { team_id: team.id, player_id: player.id });
  await rpc(owner, 'approve_team_player', { id: request.id });

  const news = await rpc(owner, 'create_news', { name: 'Первая победа', description: '<p>Со счётом 3:1</p>', team_id: team.id });
  await rpc(fan, 'like', { news_id: news.id });
  await rpc(fan, 'rate_news', { news_id: news.id, rating: 5 });
  const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
  await rpc(owner, 'create_match', { owner_team_id: team.id, guest_team_id: other.id, match_time: soon });
  const event = await rpc(owner, 'create_team_event', { team_id: team.id, title: 'Тренировка', type: 'training', event_time: soon });
  await rpc(fan, 'set_attendance', { event_id: event.id, status: 'yes', comment: 'Опоздаю на 10 минут' });
  const cup = await rpc(rival, 'create_tournament', { title: 'Кубок района', start_time: soon });
  await rpc(fan, 'rate_tournament', { tournament_id: cup.id, rating: 4 });
  await rpc(owner, 'create_team_tournament', { team_id: team.id, tournament_id: cup.id });
  await rpc(owner, 'create_stream', { title: 'Финал кубка', description: 'Прямая трансляция', embed_url: 'https://youtu.be/dQw4w9WgXcQ' });
  await rpc(owner, 'create_team_photo_section', { team_id: team.id, title: 'Сезон 2025' });
  await rpc(owner, 'create_team_video_section', { team_id: team.id, title: 'Голы' });
  await rpc(owner, 'create_team_invitation', { team_id: team.id, user_id: rival.user_id });
  await rpc(fan, 'set_reminder_settings', { unanswered: false });
  await rpc(fan, 'create_calendar_feed', { team_id: team.id });

  const chat = await rpc(owner, 'create_chat', { user_ids: [fan.user_id], direct: true });
  await rpc(owner, 'send_message', { chat_id: chat.id, content: 'Привет! Тренировка в семь.' });
  await rpc(fan, 'send_message', { chat_id: chat.id, content: 'Буду 👍' });
  const named = await rpc(fan, 'create_chat', { name: 'Болельщики', user_ids: [owner.user_id] });
  await rpc(owner, 'send_message', { chat_id: named.id, content: 'Всем привет' });

  await withKey('add_currency', { user_id: fan.user_id, amount: 500, reason: 'Подарок' });
  await rpc(fan, 'spend_currency', { amount: 120, reason: 'Значок' });
  await rpc(guest, 'track_metrics', { page: '/news', browser: 'Firefox', screen_width: 1280, screen_height: 800 });
  await client.sessionLogout(rival, rival.token, rival.refresh_token);
}

/** Every file under dir with its size and modification time: what "nothing changed" compares. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const st = fs.statSync(file);
    out[path.relative(dir, file)] = entry.isFile() ? `${st.size}:${st.mtimeMs}` : 'dir';
  }
  return out;
}

async function digestsOf(dataDir: string): Promise<Map<string, TableDigest>> {
  const db = await openDb({ dataDir, databaseUrl: undefined });
  try {
    return await tableDigests(db);
  } finally {
    await db.close();
  }
}

/** The command line, as npm run backup / restore runs it; resolves with its exit code and output. */
async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [CLI, ...args], { env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 60_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('backup and restore of the embedded database', () => {
  const source = tempDir('tribuna-backup-');
  const work = tempDir('tribuna-restore-');
  let original: Map<string, TableDigest>;
  let backupFile: string;

  before(async () => {
    const { app, client } = await portalServer({ DATA_DIR: source.dir });
    try {
      await fill(app, client);
      // The server has the directory open: a backup refuses, in this process and from another one.
      await assert.rejects(backupEmbedded({ dataDir: source.dir, databaseUrl: undefined }), (e) => e instanceof DataDirInUse && /this process \(server/.test(e.message));
      const refused = await cli(['backup'], { DATA_DIR: source.dir });
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, new RegExp(`in use by process ${process.pid} .*\\(server, since`));
      assert.ok(!fs.existsSync(path.join(source.dir, 'backups')));
    } finally {
      await app.close();
    }
    original = await digestsOf(source.dir);
    backupFile = path.join(work.dir, 'snapshot.tar.gz');
  });

  after(() => {
    source.remove();
    work.remove();
  });

  it('round trip: npm run backup, npm run restore into a fresh DATA_DIR, every table and sequence the same', async () => {
    const made = await cli(['backup', backupFile], { DATA_DIR: source.dir });
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, new RegExp(`^Backed up ${source.dir}/db to ${backupFile} \\(\\d+\\.\\d MiB, ${fs.statSync(backupFile).size} bytes\\)\\n$`));
    assert.ok(!fs.existsSync(lockPath(path.join(source.dir, 'db'))), 'the lock is released');

    const target = path.join(work.dir, 'fresh');
    const restored = await cli(['restore', backupFile], { DATA_DIR: target });
    assert.equal(restored.code, 0, restored.stderr);
    assert.equal(restored.stdout, `Restored ${backupFile} into ${target}/db\n`);
    assert.deepEqual(fs.readdirSync(target).sort(), ['db']);

    const copy = await digestsOf(target);
    assert.deepEqual([...copy.keys()], [...original.keys()], 'the same tables and sequences');
    for (const [name, d] of original) assert.deepEqual(copy.get(name), d, name);
    // The fill reached the tables of every part: accounts, storage, wallet, teams, news, chats, ...
    const filled = [...original].filter(([name, d]) => !name.startsWith('sequence ') && d.rows > 0).map(([name]) => name);
    assert.ok(filled.length >= 35, `only ${filled.length} tables have rows: ${filled.join(', ')}`);
    const expected = ['users', 'user_device', 'storage', 'wallet_ledger', 'user_edge', 'group_edge', 'notification', 'session_revocation',
      'team', 'player', 'team_player', 'news', 'news_like', 'news_rating', 'match', 'team_event', 'attendance', 'tournament',
      'team_tournament', 'stream', 'chat_direct', 'chat_group', 'message', 'calendar_feed', 'metric_page'];
    for (const t of expected.map((name) => `public.${name}`)) {
      assert.ok(filled.includes(t), `${t} has rows`);
    }
  });

  it('the default file: DATA_DIR/backups/tribuna-db-<time>.tar.gz, never over an existing file', async () => {
    const r = await backupEmbedded({ dataDir: source.dir, databaseUrl: undefined });
    assert.match(path.basename(r.file), /^tribuna-db-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/);
    assert.equal(path.dirname(r.file), path.join(source.dir, 'backups'));
    assert.equal(fs.statSync(r.file).size, r.bytes);
    checkArchive(r.file, fs.readFileSync(r.file));
    await assert.rejects(backupEmbedded({ dataDir: source.dir, databaseUrl: undefined }, r.file), (e) => e instanceof BackupError && /exists already/.test(e.message));
    const empty = path.join(work.dir, 'empty');
    await assert.rejects(backupEmbedded({ dataDir: empty, databaseUrl: undefined }), /No embedded database in .*: nothing to back up/);
  });

  it('restore refuses to replace a database without --force; with it, replaces it and leaves nothing aside', async () => {
    if (!fs.existsSync(backupFile)) await backupEmbedded({ dataDir: source.dir, databaseUrl: undefined }, backupFile);
    const dataDir = path.join(work.dir, 'occupied');
    const db = await openDb({ dataDir, databaseUrl: undefined });
    await db.script('CREATE TABLE mine (v text); INSERT INTO mine VALUES (\'keep me\')');
    await db.close();
    const before = snapshot(dataDir);

    const refused = await cli(['restore', backupFile], { DATA_DIR: dataDir });
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr, `${dataDir}/db holds a database already. Restoring replaces it: add --force to do so. Nothing was changed.\n`);
    assert.deepEqual(snapshot(dataDir), before);

    const fsync = mock.method(fs, 'fsyncSync');
    const r = await restoreEmbedded({ dataDir, databaseUrl: undefined }, backupFile, { force: true }).finally(() => fsync.mock.restore());
    assert.equal(r.replaced, true);
    // Every restored file was forced to disk before it took the database's place.
    const files = fs.readdirSync(path.join(dataDir, 'db'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    assert.ok(fsync.mock.callCount() >= files, `${fsync.mock.callCount()} fsyncs for ${files} files`);
    assert.deepEqual(fs.readdirSync(dataDir).sort(), ['db'], 'no directory left aside, no lock');
    const copy = await digestsOf(dataDir);
    assert.deepEqual(copy, original);
  });

  it('a missing, foreign, truncated or damaged file is refused before anything changes', async () => {
    if (!fs.existsSync(backupFile)) await backupEmbedded({ dataDir: source.dir, databaseUrl: undefined }, backupFile);
    const dataDir = path.join(work.dir, 'kept');
    await restoreEmbedded({ dataDir, databaseUrl: undefined }, backupFile);
    const before = snapshot(dataDir);
    const good = fs.readFileSync(backupFile);
    const bad = (name: string, bytes: Buffer | string) => {
      const file = path.join(work.dir, name);
      fs.writeFileSync(file, bytes);
      return file;
    };
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    // A PostgreSQL data directory that is not Tribuna's: it unpacks and opens, and is refused then.
    const bare = await PGlite.create();
    const foreign = Buffer.from(await (await bare.dumpDataDir('gzip')).arrayBuffer());
    await bare.close();
    const cases: [string, RegExp][] = [
      [path.join(work.dir, 'no-such.tar.gz'), /no-such\.tar\.gz does not exist\./],
      [work.dir, /is a directory, not a backup file/],
      [bad('empty.tar.gz', ''), /is not a backup of the embedded database \(not a gzip-compressed archive\)/],
      [bad('notes.txt', 'just text\n'), /is not a backup of the embedded database \(not a gzip-compressed archive\)/],
      [bad('half.tar.gz', good.subarray(0, Math.floor(good.length / 2))), /half\.tar\.gz is truncated or damaged \(unexpected end of file\)/],
      [bad('flipped.tar.gz', flipped), /flipped\.tar\.gz is truncated or damaged/],
      [bad('foreign.tar.gz', foreign), /foreign\.tar\.gz is not a backup of Tribuna's database \(it has no schema_migration table\)/],
    ];
    for (const [file, message] of cases) {
      await assert.rejects(restoreEmbedded({ dataDir, databaseUrl: undefined }, file, { force: true }), (e) => e instanceof BackupError && message.test(e.message), file);
      assert.deepEqual(snapshot(dataDir), before, `${file} changed nothing`);
    }
    // The command line says the same in one line, without a stack, and exits with 1.
    const r = await cli(['restore', '--force', path.join(work.dir, 'half.tar.gz')], { DATA_DIR: dataDir });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^\S+half\.tar\.gz is truncated or damaged \(unexpected end of file\)\. Nothing was changed\.\n$/);
    assert.deepEqual(snapshot(dataDir), before);
  });

  it('refuses while the directory is locked, with DATABASE_URL, and a wrong command line', async () => {
    if (!fs.existsSync(backupFile)) await backupEmbedded({ dataDir: source.dir, databaseUrl: undefined }, backupFile);
    const db = await openDb({ dataDir: source.dir, databaseUrl: undefined });
    try {
      await assert.rejects(restoreEmbedded({ dataDir: source.dir, databaseUrl: undefined }, backupFile, { force: true }), DataDirInUse);
      const r = await cli(['restore', backupFile, '--force'], { DATA_DIR: source.dir });
      assert.equal(r.code, 1);
      assert.match(r.stderr, /is in use by process \d+ on .* \(server, since .*\)\. PGlite serves one process at a time/);
    } finally {
      await db.close();
    }
    const url = 'postgres://postgres@127.0.0.1:5432/tribuna';
    await assert.rejects(backupEmbedded({ dataDir: source.dir, databaseUrl: url }), /DATABASE_URL is set.*pg_dump -Fc/);
    await assert.rejects(restoreEmbedded({ dataDir: source.dir, databaseUrl: url }, backupFile), /DATABASE_URL is set.*pg_restore/);
    const viaUrl = await cli(['backup'], { DATA_DIR: source.dir, DATABASE_URL: url });
    assert.equal(viaUrl.code, 1);
    assert.match(viaUrl.stderr, /^DATABASE_URL is set: the database is a PostgreSQL server/);

    for (const [args, message] of [[[], /Unknown command/], [['restore'], /restore needs the backup file/], [['backup', '-x'], /Unknown option: -x/], [['backup', 'a', 'b'], /One file at most/]] as const) {
      const u = await cli([...args], { DATA_DIR: source.dir });
      assert.equal(u.code, 2);
      assert.match(u.stderr, message);
      assert.match(u.stderr, /Usage:\n {2}npm run backup/);
    }
  });
});

const pgTools = spawnSync('pg_dump', ['--version']).status === 0 && spawnSync('pg_restore', ['--version']).status === 0;
const pgUp = await postgresAnswers(TEST_PG_URL);

describe('backup and restore on a PostgreSQL server (pg_dump -Fc, pg_restore, as the README gives them)', { skip: (!pgTools && 'pg_dump or pg_restore is not installed') || (!pgUp && `no PostgreSQL at ${TEST_PG_URL}`) }, () => {
  it('round trip into a new database: every table and sequence the same', async () => {
    const suffix = crypto.randomBytes(5).toString('hex');
    const names = [`tribuna_backup_test_${suffix}`, `tribuna_backup_test_${suffix}_restored`];
    const urlOf = (name: string) => Object.assign(new URL(TEST_PG_URL), { pathname: `/${name}` }).toString();
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    const t = tempDir('tribuna-pgdump-');
    try {
      for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
      const { app, client } = await portalServer({ DATABASE_URL: urlOf(names[0]) });
      try {
        await fill(app, client);
      } finally {
        await app.close();
      }
      const dump = path.join(t.dir, 'tribuna.dump');
      await run('pg_dump', ['-Fc', '-d', urlOf(names[0]), '-f', dump], { timeout: 60_000 });
      await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', urlOf(names[1]), dump], { timeout: 60_000 });

      const digests = [];
      for (const name of names) {
        const db = postgresDb(urlOf(name), 1);
        try {
          digests.push(await tableDigests(db));
        } finally {
          await db.close();
        }
      }
      assert.ok(digests[0].size > 40);
      assert.deepEqual([...digests[1].keys()], [...digests[0].keys()]);
      for (const [name, d] of digests[0]) assert.deepEqual(digests[1].get(name), d, name);
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      t.remove();
    }
  });
});

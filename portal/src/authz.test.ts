// The authorization matrix: every portal RPC called by a guest, a stranger, a member, an admin and the
// owner of the target's team, the target's creator and a site administrator, against authz-table.ts. An
// allowed call must not be refused for who calls it; a refused one must answer the table's code and change
// nothing in the database. One server for all of it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { errorOf, startSmtpServer, type TestSmtpServer } from '@tribuna/server/testing';
import { API_MD, withSection } from './authz-doc.ts';
import { authzTable, ROLES, type AuthzRow, type Role } from './authz-table.ts';
import { rpcs } from './index.ts';
import { crossTeamCases } from './testing-authz-cross.ts';
import { moreFixtures } from './testing-authz-more.ts';
import { makeWorld, SITE_ADMIN_EMAIL, sessionFixtures, type Fixture, type Target, type World } from './testing-authz.ts';
import { eventually, startPortal, type Portal } from './testing.ts';

const fixtures: Record<string, Fixture> = { ...sessionFixtures, ...moreFixtures };

/** Allowed calls that answer an error for a reason other than who calls them (the table's note says which). */
const BUSINESS: Record<string, number> = { google_login: 9, watch_match: 9, unwatch_match: 9 };
/** Refusals that are not authorization's: an allowed call answering one of these is a failure. */
const AUTHZ_CODES = new Set([5, 7, 16]);
const HTTP_KEY_ONLY = new Set(['add_currency', 'yookassa_webhook']);

const PUSH_ORIGIN = 'http://127.0.0.1:9';
const big = '1000000';
let p: Portal;
let smtp: TestSmtpServer;
let w: World;
let digestSql = '';

before(async () => {
  smtp = await startSmtpServer();
  p = await startPortal({
    SMTP_URL: smtp.url, ADMIN_EMAILS: SITE_ADMIN_EMAIL, PUSH_ALLOWED_ORIGINS: PUSH_ORIGIN,
    LIMIT_WRITES_PER_USER_MINUTE: big, LIMIT_WRITES_PER_ADDRESS_MINUTE: big, LIMIT_CREATIONS_PER_USER_HOUR: big,
    LIMIT_ACCOUNTS_PER_ADDRESS_HOUR: big, LIMIT_TEAMS_PER_USER: big, LIMIT_PLAYERS_PER_USER: big, LIMIT_NEWS_PER_USER_DAY: big,
    LIMIT_CHATS_PER_USER_DAY: big, LIMIT_REACTIONS_PER_USER_MINUTE: big, LIMIT_CHAT_MESSAGES_PER_USER_MINUTE: big,
  });
  w = await makeWorld(p, smtp, PUSH_ORIGIN);
  const tables = await p.ts.app.nk.db.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1`,
  );
  digestSql = tables
    .map((t) => `SELECT '${t.name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text COLLATE "C"), '')) AS md5 FROM ${t.name} x`)
    .join(' UNION ALL ');
});
after(async () => {
  await p.close();
  await smtp.close();
});

/** Every table's row count and checksum, in one statement. */
async function digest(): Promise<Map<string, string>> {
  const rows = await p.ts.app.nk.db.query<{ name: string; n: number; md5: string }>(digestSql);
  return new Map(rows.map((r) => [r.name, `${r.n}:${r.md5}`]));
}

async function callAs(row: AuthzRow, role: Role, t: Target): Promise<{ code?: number; message?: string }> {
  const session = t.as ?? w.people[role];
  const e = await errorOf(p.ts.client().rpc(session, row.id, t.input)).catch(() => undefined);
  return e ? { code: e.body.code as number, message: String(e.body.message) } : {};
}

/** The mismatches of one row with the table, in words. */
async function check(row: AuthzRow): Promise<string[]> {
  const fixture = fixtures[row.id];
  if (!fixture) return [`${row.id}: no fixture`];
  const problems: string[] = [];
  const refused = ROLES.filter((r) => 'allowed' in row.cells[r] && !row.cells[r].allowed);
  const allowed = ROLES.filter((r) => 'allowed' in row.cells[r] && row.cells[r].allowed);
  if (refused.length) {
    const targets = await Promise.all(refused.map((role) => fixture(w, role)));
    await settlePayments();
    const before = await digest();
    const answers = await Promise.all(refused.map((role, i) => callAs(row, role, targets[i]!)));
    for (const [i, role] of refused.entries()) {
      const cell = row.cells[role] as { code: number };
      const got = answers[i]!;
      if (got.code !== cell.code) problems.push(`${row.id} as ${role}: expected refusal ${cell.code}, got ${got.code ?? 'success'} ${got.message ?? ''}`);
    }
    const changed = [...(await digest())].filter(([name, d]) => before.get(name) !== d).map(([name]) => name);
    if (changed.length) problems.push(`${row.id}: refused calls changed ${changed.join(', ')}`);
  }
  // Reads run side by side; writes one at a time, as two managers' writes to one team may meet.
  const read = !rpcs.find((r) => r.id === row.id)!.limit;
  const allowedCall = async (role: Role) => {
    const got = await callAs(row, role, await fixture(w, role));
    if (got.code === undefined || got.code === BUSINESS[row.id]) return;
    problems.push(`${row.id} as ${role}: expected allowed, got ${got.code} ${got.message}${AUTHZ_CODES.has(got.code) ? '' : ' (not an authorization refusal)'}`);
  };
  if (read) await Promise.all(allowed.map(allowedCall));
  else for (const role of allowed) await allowedCall(role);
  return problems;
}

describe('who may call what', () => {
  it('has one row for every portal RPC and none for anything else', () => {
    const ids = rpcs.map((r) => r.id).sort();
    const rows = authzTable.map((r) => r.id);
    assert.deepEqual([...rows].sort(), ids);
    assert.equal(new Set(rows).size, rows.length, 'an RPC named twice');
    for (const row of authzTable) assert.ok(fixtures[row.id], `${row.id} has no fixture`);
    assert.deepEqual(Object.keys(fixtures).filter((id) => !rows.includes(id)), []);
  });

  it('agrees with each RPC\'s declared access: guests, and sessions on HTTP-key RPCs', () => {
    for (const row of authzTable) {
      const access = rpcs.find((r) => r.id === row.id)!.access;
      const guest = row.cells.guest;
      if (access === 'registered' || HTTP_KEY_ONLY.has(row.id)) assert.ok('allowed' in guest && !guest.allowed, `${row.id}: a guest must be refused`);
    }
  });

  it('refuses a manager who names this team\'s items beside their own team, and changes nothing', async () => {
    const problems: string[] = [];
    for (const k of crossTeamCases) {
      const { as, input } = await k.make(w);
      const before = await digest();
      const e = await errorOf(p.ts.client().rpc(as, k.id, input)).catch(() => undefined);
      if (e?.body.code !== k.code) problems.push(`${k.id} (${k.what}): expected ${k.code}, got ${e ? e.body.code : 'success'}`);
      const changed = [...(await digest())].filter(([name, d]) => before.get(name) !== d).map(([name]) => name);
      if (changed.length) problems.push(`${k.id} (${k.what}) changed ${changed.join(', ')}`);
    }
    assert.deepEqual(problems, []);
  });

  for (const area of [...new Set(authzTable.map((r) => r.area))]) {
    it(`matches the table: ${area}`, async () => {
      const problems: string[] = [];
      for (const row of authzTable.filter((r) => r.area === area)) problems.push(...(await check(row)));
      assert.deepEqual(problems, []);
    });
  }

  it('is what API.md shows under "Who may call what"', () => {
    const md = fs.readFileSync(API_MD, 'utf8');
    assert.equal(withSection(md), md, 'API.md differs from the table: run `npm run docs:authz`');
  });
});

/** The test shop confirms payments shortly after they are made: wait for it, so later rows see a quiet database. */
async function settlePayments(): Promise<void> {
  await eventually(
    () => p.ts.app.nk.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payment WHERE status = 'pending'`),
    (rows) => rows[0]!.n === 0,
  );
}

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import type { Db } from '@tribuna/server';
import { Code, failsWithCode, planOf, startPortal, type Any, type Portal } from '../testing.ts';

let P: Portal;
let me: Session;
let petrov: Session;
let petrova: Session;
let guest: Session;

const name = (s: Session, displayName: string) => P.ts.app.nk.accountUpdateId(s.user_id!, { displayName });
const search = (s: Session, query: string, input: object = {}) => P.call(s, 'search_users', { query, ...input });
const names = (r: Any) => (r.users as Any[]).map((u) => u.display_name);

before(async () => {
  P = await startPortal();
  [me, petrov, petrova, guest] = await Promise.all([P.registered(), P.registered(), P.registered(), P.guest()]);
  await name(me, 'Пётр Первый');
  await name(petrov, 'Пётр Петров');
  await name(petrova, 'Анна Петрова');
});
after(() => P.close());

/** The statements db runs while fn runs, with their parameters. */
async function statementsOf(db: Db, fn: () => Promise<unknown>): Promise<[string, unknown[]][]> {
  const seen: [string, unknown[]][] = [];
  const original = db.query;
  db.query = ((sql: string, params?: unknown[]) => {
    seen.push([sql, params ?? []]);
    return original.call(db, sql, params);
  }) as Db['query'];
  try {
    await fn();
  } finally {
    delete (db as Partial<Db>).query;
    if (db.query !== original) db.query = original;
  }
  return seen;
}

describe('search_users', () => {
  it('finds people by the start of a word of their name, case ignored, by name, without the caller', async () => {
    const r = await search(me, '  пЕт ');
    assert.deepEqual(names(r), ['Анна Петрова', 'Пётр Петров']);
    const u = (r.users as Any[])[1];
    assert.deepEqual(Object.keys(u).sort(), ['avatar_url', 'display_name', 'id', 'username']);
    assert.equal(u.id, petrov.user_id);
    assert.deepEqual(names(await search(petrov, 'Пётр')), ['Пётр Первый']);
    assert.deepEqual(names(await search(me, 'Петр', { limit: 1 })), ['Анна Петрова']);
  });

  it('finds people by the start of their username too, case ignored, showing their name', async () => {
    const striker = await P.registered();
    await P.ts.app.nk.accountUpdateId(striker.user_id!, { username: 'Striker_77', displayName: 'Иван Бомбардир' });
    for (const q of ['striker', 'STRIK', 'striker_77', 'Striker_77', '77', 'Иван', 'бомб', 'иван striker']) {
      assert.deepEqual(names(await search(me, q)), ['Иван Бомбардир'], q);
    }
    // The start of a word, not the middle of one; every word typed must match.
    assert.deepEqual(names(await search(me, 'riker')), []);
    assert.deepEqual(names(await search(me, 'иван петров')), []);
    assert.equal((await search(me, 'striker')).users[0].username, 'Striker_77');
  });

  it('does not find guests by their username', async () => {
    const account = await P.ts.client().getAccount(guest);
    assert.deepEqual(names(await search(me, account.user!.username!)), []);
  });

  it('is served by the name index, not a scan of the users', async () => {
    const db = P.ts.app.nk.db;
    const statements = (await statementsOf(db, () => search(me, 'Пет')))
      .filter(([sql]) => /\bFROM users\b/.test(sql) && /to_tsvector/.test(sql));
    assert.equal(statements.length, 1);
    const [sql, params] = statements[0];
    const plan = await planOf(db, sql, params, { sorts: true });
    assert.match(plan, /users_name_search_idx/);
    assert.doesNotMatch(plan, /Seq Scan on users/);
  });

  it('takes punctuation as plain text and answers nothing for fewer than 2 characters', async () => {
    assert.deepEqual(names(await search(me, '%%')), []);
    assert.deepEqual(names(await search(me, '__')), []);
    assert.deepEqual(names(await search(me, "п'е:т&*")), []);
    assert.deepEqual(names(await search(me, '\\пет')), ['Анна Петрова', 'Пётр Петров']);
    assert.deepEqual(names(await search(me, 'П')), []);
    assert.deepEqual(names(await search(me, '   ')), []);
  });

  it('leaves out guests (no name) and banned users', async () => {
    const banned = await P.registered();
    await name(banned, 'Петя Забаненный');
    assert.deepEqual(names(await search(me, 'Петя')), ['Петя Забаненный']);
    await P.ts.app.nk.usersBanId([banned.user_id!]);
    assert.deepEqual(names(await search(me, 'Петя')), []);
  });

  it('refuses guests and bad input in Russian', async () => {
    await failsWithCode(search(guest, 'Пётр'), Code.Denied, /[а-я]/i);
    await failsWithCode(search(me, 'x'.repeat(101)), Code.Invalid, /^Запрос: не длиннее 100 символов\.$/);
    await failsWithCode(P.call(me, 'search_users', {}), Code.Invalid, /^Запрос: /);
    await failsWithCode(search(me, 'Пётр', { limit: 51 }), Code.Invalid, /^Размер страницы: /);
  });
});

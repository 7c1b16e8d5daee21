import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, startPortal, type Any, type Portal } from '../testing.ts';

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

describe('search_users', () => {
  it('finds people by a part of their name, case ignored, by name, without the caller', async () => {
    const r = await search(me, '  пЕт ');
    assert.deepEqual(names(r), ['Анна Петрова', 'Пётр Петров']);
    const u = (r.users as Any[])[1];
    assert.deepEqual(Object.keys(u).sort(), ['avatar_url', 'display_name', 'id', 'username']);
    assert.equal(u.id, petrov.user_id);
    assert.deepEqual(names(await search(petrov, 'Пётр')), ['Пётр Первый']);
    assert.deepEqual(names(await search(me, 'Петр', { limit: 1 })), ['Анна Петрова']);
  });

  it('takes % and _ literally and answers nothing for fewer than 2 characters', async () => {
    assert.deepEqual(names(await search(me, '%%')), []);
    assert.deepEqual(names(await search(me, '__')), []);
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

// How every portal RPC reads its payload: text PostgreSQL cannot store (U+0000, a lone UTF-16 surrogate) is
// refused in any field before a schema or a query sees it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call, Code, fails, registered } from '../testing.ts';
import { labelled } from './labels.ts';

const BAD = 'текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).';
const NUL = BAD[0].toUpperCase() + BAD.slice(1);
const nulIn = (path: string) => labelled(`${path}: ${BAD}`);
const CALLBACK = 'http://localhost:5173/auth/google/callback';

let ts: TestServer;
const data = tempDir('tribuna-rpc-');
let user: Session;

before(async () => {
  // Google configured (never reached: the state is looked up first), so google_login reads its state from SQL.
  const env = { DATA_DIR: data.dir, GOOGLE_CLIENT_ID: 'client', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' };
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env });
  user = await registered(ts);
});
after(async () => {
  await ts.close();
  data.remove();
});

/** A REST call whose payload is the given JSON text, as the client sends it (a JSON string). */
const rawCall = (s: Session, id: string, payload: string) =>
  fetch(`${ts.url}/v2/rpc/${id}`, { method: 'POST', headers: { Authorization: `Bearer ${s.token}` }, body: JSON.stringify(payload) });

for (const [title, X] of [['NUL characters', '\u0000'], ['lone UTF-16 surrogates', '\udc00']] as const) describe(`payloads with ${title}`, () => {
  it('are refused with InvalidArgument naming the field, wherever their escape is', async () => {
    const before = ((await call(ts, user, 'list_players', { name: 'Лев' })).players ?? []).length;
    const cases: [string, object, string][] = [
      // A field no schema checks for NUL, which would otherwise reach SQL.
      ['google_login', { code: 'c', redirect_uri: CALLBACK, state: `a${X}b` }, nulIn('state')],
      ['create_player', { first_name: `Л${X}ев`, last_name: 'Яшин' }, nulIn('first_name')],
      ['list_players', { name: X }, nulIn('name')],
      ['create_team', { name: 'Команда', extra: { deep: [['x', `y${X}`]] } }, nulIn('extra.deep.0.1')],
      // In a key, or in a field the schema does not know: refused all the same.
      ['create_player', { first_name: 'Лев', last_name: 'Яшин', [`x${X}`]: 1 }, NUL],
      ['create_player', { first_name: 'Лев', last_name: 'Яшин', nested: { [`k${X}`]: 'v' } }, nulIn('nested')],
      // Fields that reach jsonb: a spend's reason (the wallet's metadata), a message's content.
      ['spend_currency', { currency: 'coins', amount: 1, reason: `за ${X}` }, nulIn('reason')],
      ['send_message', { chat_id: '3.00000000-0000-4000-8000-000000000000..', content: `привет ${X}` }, nulIn('content')],
      ['send_message', { chat_id: '3.00000000-0000-4000-8000-000000000000..', content: { text: X } }, nulIn('content.text')],
    ];
    for (const [id, input, message] of cases) {
      await fails(call(ts, user, id, input), 400, message, Code.Invalid);
    }
    // A payload that is a bare JSON string holding the character.
    const res = await rawCall(user, 'create_player', JSON.stringify(X));
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: {}, message: NUL, code: Code.Invalid });
    // Nothing was created, and the same calls without it work.
    assert.equal(((await call(ts, user, 'list_players', { name: 'Лев' })).players ?? []).length, before);
    assert.equal((await call(ts, user, 'create_player', { first_name: 'Лев', last_name: 'Яшин' })).first_name, 'Лев');
  });
});

it('takes a surrogate pair (an emoji), also written as escapes', async () => {
  const res = await rawCall(user, 'create_player', '{"first_name":"\\ud83d\\ude00 Лев","last_name":"Яшин ⚽"}');
  assert.equal(res.status, 200);
  const player = JSON.parse(((await res.json()) as { payload: string }).payload);
  assert.deepEqual([player.first_name, player.last_name], ['😀 Лев', 'Яшин ⚽']);
});

describe('payloads with NUL characters', () => {
  it('are told apart from a backslash followed by u0000, which is plain text', async () => {
    const p = await call(ts, user, 'create_player', { first_name: 'Лев\\u0000', last_name: 'Яшин' });
    assert.equal(p.first_name, 'Лев\\u0000');
  });

  it('are refused raw too, and over the socket', async () => {
    // A raw U+0000 in the payload text (not valid inside JSON): the server refuses it before the portal.
    const res = await rawCall(user, 'create_player', '{"first_name":"\u0000"}');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { code: number }).code, Code.Invalid);
    // Over the socket an RPC's refusal is a function error carrying the portal's message.
    const socket = ts.client().createSocket();
    await socket.connect(user, false);
    try {
      await assert.rejects(socket.rpc('create_player', JSON.stringify({ first_name: 'Л\u0000ев', last_name: 'Яшин' })), (e: { message: string }) => {
        assert.equal(e.message, nulIn('first_name'));
        return true;
      });
      assert.equal(JSON.parse((await socket.rpc('create_player', JSON.stringify({ first_name: 'Лев', last_name: 'Яшин' }))).payload as string).last_name, 'Яшин');
    } finally {
      socket.disconnect(false);
    }
  });
});

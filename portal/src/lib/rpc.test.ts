// How every portal RPC reads its payload: U+0000, which PostgreSQL cannot store, is refused in any field
// before a schema or a query sees it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call, Code, fails, registered } from '../testing.ts';
import { labelled } from './labels.ts';

const NUL = 'Текст не должен содержать нулевых символов.';
const nulIn = (path: string) => labelled(`${path}: текст не должен содержать нулевых символов.`);
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

describe('payloads with NUL characters', () => {
  it('are refused with InvalidArgument naming the field, wherever the \\u0000 escape is', async () => {
    const cases: [string, object, string][] = [
      // A field no schema checks for NUL, which would otherwise reach SQL.
      ['google_login', { code: 'c', redirect_uri: CALLBACK, state: 'a\u0000b' }, nulIn('state')],
      ['create_player', { first_name: 'Л\u0000ев', last_name: 'Яшин' }, nulIn('first_name')],
      ['list_players', { name: '\u0000' }, nulIn('name')],
      ['create_team', { name: 'Команда', extra: { deep: [['x', 'y\u0000']] } }, nulIn('extra.deep.0.1')],
      // In a key, or in a field the schema does not know: refused all the same.
      ['create_player', { first_name: 'Лев', last_name: 'Яшин', 'x\u0000': 1 }, NUL],
      ['create_player', { first_name: 'Лев', last_name: 'Яшин', nested: { 'k\u0000': 'v' } }, nulIn('nested')],
    ];
    for (const [id, input, message] of cases) {
      await fails(call(ts, user, id, input), 400, message, Code.Invalid);
    }
    // A payload that is a bare JSON string holding U+0000.
    const res = await rawCall(user, 'create_player', JSON.stringify('\u0000'));
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: {}, message: NUL, code: Code.Invalid });
    // Nothing was created, and the same calls without NUL work.
    assert.deepEqual((await call(ts, user, 'list_players', { name: 'Лев' })).players ?? [], []);
    assert.equal((await call(ts, user, 'create_player', { first_name: 'Лев', last_name: 'Яшин' })).first_name, 'Лев');
  });

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

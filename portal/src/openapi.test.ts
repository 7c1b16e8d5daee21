// The API description with the portal loaded: valid by an independent OpenAPI validator, every portal RPC
// in it with its payload's schema (made from the zod schema that checks the payload), and that schema
// agreeing with what the RPC accepts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertValidOpenApi } from '@tribuna/server/testing';
import { rpcs } from './index.ts';
import { fails, startPortal, type Any, type Portal } from './testing.ts';

let p: Portal;
let text: string;
let doc: Any;
before(async () => {
  p = await startPortal();
  const res = await fetch(`${p.ts.url}/v2/openapi.json`);
  assert.equal(res.status, 200);
  text = await res.text();
  doc = JSON.parse(text);
});
after(() => p.close());

const operation = (id: string) => doc.paths[`/v2/rpc/${id}`]?.post;
const payloadSchema = (id: string) => operation(id).requestBody.content['application/json'].schema.contentSchema;

describe('the API description with the portal', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    await assertValidOpenApi(text);
  });

  it('has every portal RPC, with its payload schema, and only registered ones', () => {
    const ids = rpcs.map((r) => r.id);
    assert.deepEqual(ids.filter((id) => !operation(id)?.requestBody.content['application/json'].schema.contentSchema), []);
    const registered = new Set(p.ts.app.registry.rpcIds());
    assert.deepEqual(ids.filter((id) => !registered.has(id)), []);
    const described = Object.keys(doc.paths).filter((path) => /^\/v2\/rpc\/[^{]/.test(path)).map((path) => path.slice('/v2/rpc/'.length));
    assert.deepEqual(described.sort(), [...registered].sort());
    for (const id of ids) assert.equal(payloadSchema(id).type, 'object', id);
  });

  it('lists a payload\'s required fields and its defaults, as a client sends it', () => {
    const player = payloadSchema('create_player');
    assert.deepEqual(player.required?.sort(), ['first_name', 'last_name']);
    assert.deepEqual(Object.keys(player.properties).sort(), ['avatar_id', 'first_name', 'last_name', 'middle_name']);
    assert.equal(player.properties.first_name.type, 'string');
    assert.equal(player.$schema, undefined);
    const news = payloadSchema('create_news');
    assert.deepEqual(news.required, ['name']);
    assert.equal(news.properties.is_public.default, true);
    // A field with a default is not required of the client.
    const list = payloadSchema('list_players');
    assert.equal(list.properties.limit.default, 20);
    assert.ok(!list.required?.includes('limit'));
  });

  it('says who may call each RPC and what it counts in', () => {
    assert.deepEqual(operation('get_player').security, [{ session: [] }, { httpKey: [] }, { httpKeyBasic: [] }]);
    assert.deepEqual(operation('create_player').security, [{ session: [] }]);
    assert.match(operation('create_player').description, /registered user/);
    assert.match(operation('create_news').description, /class `news`/);
    assert.match(operation('upload_file').description, /up to \d+ bytes/);
  });

  it('agrees with the RPC: the required fields are enough, and each one is needed', async () => {
    const s = await p.registered();
    const schema = payloadSchema('create_player');
    const input = Object.fromEntries(schema.required.map((f: string) => [f, 'Иван']));
    const player = await p.call(s, 'create_player', input);
    assert.equal(player.first_name, 'Иван');
    for (const field of schema.required) {
      const { [field]: _, ...without } = input;
      await fails(p.call(s, 'create_player', without), 400);
    }
  });
});

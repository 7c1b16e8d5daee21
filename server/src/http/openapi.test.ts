// GET /v2/openapi.json: a valid OpenAPI 3.1 document (checked by an independent validator) that lists
// exactly the route table and the registered RPCs, with the credentials each takes and no key's value.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RuntimeModule } from '../runtime/types.ts';
import { assertValidOpenApi, startTestServer, type TestServer } from '../testing/index.ts';
import { ROUTE_SHAPES } from './openapi-shapes.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const PAYLOAD = {
  type: 'object',
  properties: { title: { type: 'string', minLength: 1 }, count: { type: 'integer' } },
  required: ['title'],
};

const testModule: RuntimeModule = {
  name: 'openapi-test',
  init(initializer) {
    initializer.registerRpc('plain', (_ctx, payload) => payload);
    initializer.registerRpc('Described', () => '{}', {
      describe: () => ({
        summary: 'Make a thing',
        description: 'Signed-in users only.',
        input: { $schema: 'https://json-schema.org/draft/2020-12/schema', ...PAYLOAD },
        httpKey: false,
      }),
    });
  },
};

// Keys of their own, to look for in the document.
const SECRETS = {
  SERVER_KEY: 'server-key-f41c9a',
  HTTP_KEY: 'http-key-77b0e2',
  SESSION_ENCRYPTION_KEY: 'session-key-3d5a81',
  REFRESH_ENCRYPTION_KEY: 'refresh-key-c09e4f',
  LINK_SIGNING_KEY: 'link-signing-key-5e21b7',
};

let ts: TestServer;
let text: string;
let doc: Any;
before(async () => {
  ts = await startTestServer({ modules: [testModule], env: SECRETS });
  const res = await fetch(`${ts.url}/v2/openapi.json`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/json');
  text = await res.text();
  doc = JSON.parse(text);
});
after(() => ts.close());

/** A concrete path for a path template: each {param} filled in. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');
const METHODS = new Set(['get', 'put', 'post', 'delete']);

describe('GET /v2/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, its references resolved', async () => {
    await assertValidOpenApi(text);
    assert.equal(doc.info.title, 'Tribuna');
    assert.match(doc.info.version, /^\d+\.\d+\.\d+/);
    assert.deepEqual(doc.servers, [{ url: '/' }]);
  });

  it('is public and the same at every request', async () => {
    const s = await ts.newSession();
    const signedIn = await fetch(`${ts.url}/v2/openapi.json`, { headers: { Authorization: `Bearer ${s.token}` } });
    assert.equal(await signedIn.text(), text);
    const head = await fetch(`${ts.url}/v2/openapi.json`, { method: 'HEAD' });
    assert.equal(head.status, 200);
  });

  it('lists every route of the table and every registered RPC', () => {
    const missing: string[] = [];
    for (const r of ts.app.routes.routes()) if (!doc.paths[r.path]?.[r.method.toLowerCase()]) missing.push(`${r.method} ${r.path}`);
    for (const id of ts.app.registry.rpcIds()) if (!doc.paths[`/v2/rpc/${id}`]?.post) missing.push(`RPC ${id}`);
    assert.deepEqual(missing, []);
    assert.deepEqual(ts.app.registry.rpcIds().sort(), ['described', 'plain']);
  });

  it('lists nothing the server does not answer', () => {
    const unknown: string[] = [];
    for (const [path, item] of Object.entries<Any>(doc.paths)) {
      for (const method of Object.keys(item).filter((m) => METHODS.has(m))) {
        const found = ts.app.routes.match(method.toUpperCase(), concrete(path));
        const rpc = /^\/v2\/rpc\/([^/{}]+)$/.exec(path);
        const expected = rpc ? '/v2/rpc/{id}' : path;
        if (found.kind !== 'found' || found.route.path !== expected) unknown.push(`${method} ${path}`);
        else if (rpc && !ts.app.registry.rpc(decodeURIComponent(rpc[1]))) unknown.push(`${method} ${path}: no such RPC`);
      }
    }
    assert.deepEqual(unknown, []);
  });

  it('declares each parameter of a path template', () => {
    const undeclared: string[] = [];
    for (const [path, item] of Object.entries<Any>(doc.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries<Any>(item)) {
        const declared = (op.parameters ?? []).filter((q: Any) => q.in === 'path').map((q: Any) => q.name);
        if (declared.join() !== names.join()) undeclared.push(`${method} ${path}`);
      }
    }
    assert.deepEqual(undeclared, []);
  });

  it('has a shape for every route, and no shape for a route that is not there', () => {
    const routes = new Set(ts.app.routes.routes().map((r) => `${r.method} ${r.path}`));
    assert.deepEqual([...routes].filter((r) => !ROUTE_SHAPES[r]), []);
    assert.deepEqual(Object.keys(ROUTE_SHAPES).filter((r) => !routes.has(r)), []);
  });

  it('says which credentials each route takes', () => {
    const security = (method: string, path: string) => doc.paths[path][method].security;
    assert.deepEqual(security('post', '/v2/account/authenticate/device'), [{ serverKey: [] }]);
    assert.deepEqual(security('post', '/v2/account/session/refresh'), [{ serverKey: [] }]);
    assert.deepEqual(security('get', '/v2/account'), [{ session: [] }]);
    assert.deepEqual(security('get', '/uploads/{id}'), []);
    assert.deepEqual(security('get', '/v2/openapi.json'), []);
    assert.deepEqual(security('post', '/v2/rpc/{id}'), [{ session: [] }, { httpKey: [] }, { httpKeyBasic: [] }]);
    assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['httpKey', 'httpKeyBasic', 'serverKey', 'session']);
    assert.equal(doc.components.securitySchemes.httpKey.name, 'http_key');
  });

  it('describes the main routes\' bodies and answers', () => {
    const op = doc.paths['/v2/account/authenticate/email'].post;
    assert.equal(op.requestBody.content['application/json'].schema.$ref, '#/components/schemas/AccountEmail');
    assert.equal(op.responses[200].content['application/json'].schema.$ref, '#/components/schemas/Session');
    assert.deepEqual(op.parameters.map((p: Any) => p.name), ['create', 'username']);
    assert.deepEqual(doc.components.schemas.Session.required, ['token', 'refresh_token']);
    const members = doc.paths['/v2/group/{groupId}/user'].get;
    assert.deepEqual(members.parameters.map((p: Any) => [p.name, p.in]), [['groupId', 'path'], ['limit', 'query'], ['cursor', 'query'], ['state', 'query']]);
    assert.equal(members.responses.default.content['application/json'].schema.$ref, '#/components/schemas/Error');
  });

  it('takes an RPC\'s payload schema from what its module says, as JSON inside the body\'s string', () => {
    const op = doc.paths['/v2/rpc/described'].post;
    assert.equal(op.summary, 'Make a thing');
    assert.match(op.description, /^Signed-in users only\./);
    const body = op.requestBody.content['application/json'].schema;
    assert.equal(body.type, 'string');
    assert.equal(body.contentMediaType, 'application/json');
    assert.deepEqual(body.contentSchema, PAYLOAD);
    assert.deepEqual(op.security, [{ session: [] }]);
    assert.equal(op.responses[200].content['application/json'].schema.$ref, '#/components/schemas/RpcAnswer');
    assert.equal(op.responses.default.content['application/json'].schema.$ref, '#/components/schemas/RpcError');
    const plain = doc.paths['/v2/rpc/plain'].post;
    assert.equal(plain.requestBody.content['application/json'].schema.contentSchema, undefined);
    assert.equal(plain.security.length, 3);
  });

  it('names the keys\' settings, never their values', () => {
    for (const [name, value] of Object.entries(SECRETS)) assert.ok(!text.includes(value), name);
    assert.ok(!text.includes(ts.config.serverKey));
  });
});

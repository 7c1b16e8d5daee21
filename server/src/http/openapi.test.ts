// GET /v2/openapi.json: a valid OpenAPI 3.1 document (checked by an independent validator) that lists
// exactly the route table, the video routes answered before it and the registered RPCs, with the
// credentials each takes and no key's value.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { RuntimeModule } from '../runtime/types.ts';
import { assertValidOpenApi, startTestServer, type TestServer } from '../testing/index.ts';
import { NOT_A_VIDEO } from '../core/videos.ts';
import { ROUTE_SHAPES } from './openapi-shapes.ts';
import { isVideoPath } from './videos.ts';

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
// Small enough for the refusal of a too large upload to be asked for.
const VIDEO_MAX_BYTES = 4096;

let ts: TestServer;
let text: string;
let doc: Any;
before(async () => {
  ts = await startTestServer({ modules: [testModule], env: { ...SECRETS, VIDEO_MAX_BYTES: String(VIDEO_MAX_BYTES) } });
  const res = await fetch(`${ts.url}/v2/openapi.json`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/json');
  text = await res.text();
  doc = JSON.parse(text);
});
after(() => ts.close());

/** A concrete path for a path template: each {param} filled in. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

// The video routes are answered before the route table (http/videos.ts): the tus server's methods at
// /v2/video-uploads (POST and OPTIONS there, the others on an upload), a ready video's files by GET|HEAD.
const UPLOADS = '/v2/video-uploads';
const UPLOAD = '/v2/video-uploads/{id}';
const VIDEO_FILE = '/uploads/videos/{id}/{name}';
/** A concrete path for a video route: an upload id, a video id and a file name of the right forms. */
const videoPath = (path: string) => path.replace('{id}', path === UPLOAD ? 'f'.repeat(32) : crypto.randomUUID()).replace('{name}', 'h264.mp4');

/** The video operations the server answers: the tus methods as the tus server lists them, and GET|HEAD of a file. */
async function videoOperations(): Promise<string[]> {
  const res = await fetch(`${ts.url}${UPLOADS}`, { method: 'OPTIONS', headers: { 'Tus-Resumable': '1.0.0' } });
  assert.equal(res.status, 204);
  const tus = (res.headers.get('access-control-allow-methods') ?? '').split(',').map((m) => m.trim().toLowerCase()).filter(Boolean);
  assert.ok(tus.includes('patch'), String(tus));
  return [
    ...tus.map((m) => `${m} ${m === 'post' || m === 'options' ? UPLOADS : UPLOAD}`),
    `get ${VIDEO_FILE}`,
    `head ${VIDEO_FILE}`,
  ];
}

/** Whether the video routes, not the route table, answer a method on a path template. */
async function answeredByVideos(method: string, path: string): Promise<boolean> {
  const url = `${ts.url}${videoPath(path)}`;
  if (!isVideoPath(new URL(url).pathname)) return false;
  const res = await fetch(url, { method: method.toUpperCase(), headers: { 'Tus-Resumable': '1.0.0' } });
  const body = await res.text();
  // The tus server marks each answer; a file's 404 is the video's, not the table's "Not Found".
  if (path.startsWith(UPLOADS)) return res.headers.get('tus-resumable') === '1.0.0' && res.status !== 405;
  if (method === 'head') {
    const get = await fetch(url);
    return res.status === 404 && res.headers.get('content-length') === String(Buffer.byteLength(await get.text()));
  }
  return res.status === 404 && JSON.parse(body).message === 'Видео не найдено.';
}

/** The answer an operation's description gives a status, failing when it has none. */
function described(method: string, path: string, status: number): Any {
  const op = doc.paths[path]?.[method];
  assert.ok(op, `${method} ${path} is not described`);
  assert.ok(op.responses[status], `${method} ${path}: ${status} is not described`);
  return op.responses[status];
}

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

  it('lists every video route, answered before the table', async () => {
    const ops = await videoOperations();
    assert.deepEqual(ops.filter((o) => {
      const [method, path] = o.split(' ');
      return !doc.paths[path]?.[method];
    }), []);
    assert.deepEqual(ops.sort(), [
      `delete ${UPLOAD}`, `get ${VIDEO_FILE}`, `head ${UPLOAD}`, `head ${VIDEO_FILE}`, `options ${UPLOADS}`, `patch ${UPLOAD}`, `post ${UPLOADS}`,
    ].sort());
  });

  it('lists nothing the server does not answer', async () => {
    const unknown: string[] = [];
    const videos = await videoOperations();
    for (const [path, item] of Object.entries<Any>(doc.paths)) {
      for (const method of Object.keys(item).filter((m) => METHODS.has(m))) {
        if (isVideoPath(concrete(path))) {
          if (!videos.includes(`${method} ${path}`) || !(await answeredByVideos(method, path))) unknown.push(`${method} ${path}`);
          continue;
        }
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
    for (const method of ['post', 'head', 'patch', 'delete']) assert.deepEqual(security(method, method === 'post' ? UPLOADS : UPLOAD), [{ session: [] }], method);
    assert.deepEqual(security('options', UPLOADS), []);
    assert.deepEqual(security('get', VIDEO_FILE), []);
    assert.deepEqual(security('head', VIDEO_FILE), []);
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

  it('describes every answer the video uploads give, as the server gives them', async () => {
    const email = `v-${crypto.randomUUID()}@example.com`;
    const user = await ts.client().authenticateEmail(email, 'password-123', true);
    assert.ok(await ts.app.core.accounts.confirmEmail(user.user_id!, email));
    const guest = await ts.newSession();
    const tus = (token?: string, more: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...more });
    const bytes = { 'Content-Type': 'application/offset+octet-stream' };
    const at = (location: string) => new URL(location, `${ts.url}${UPLOADS}/`).toString();
    const create = (headers: Record<string, string>) => fetch(`${ts.url}${UPLOADS}`, { method: 'POST', headers });
    /** Asserts the answer's status is described for the operation, and the described headers named are there. */
    const check = async (method: string, path: string, res: Response, status: number, headers: string[] = []) => {
      assert.equal(res.status, status, `${method} ${path}: ${await res.clone().text()}`);
      const d = described(method, path, status);
      for (const h of headers) {
        assert.ok(d.headers?.[h], `${method} ${path} ${status}: ${h} is not described`);
        assert.ok(res.headers.get(h) !== null, `${method} ${path} ${status}: no ${h}`);
      }
      if (status >= 400 && method !== 'head') assert.ok(d.content?.['text/plain'] ?? d.content?.['application/json'], `${method} ${path} ${status}: no body described`);
    };

    const options = await fetch(`${ts.url}${UPLOADS}`, { method: 'OPTIONS', headers: tus() });
    await check('options', UPLOADS, options, 204, ['Tus-Version', 'Tus-Extension', 'Tus-Max-Size']);
    await check('post', UPLOADS, await create(tus(undefined, { 'Upload-Length': '10' })), 401);
    await check('post', UPLOADS, await create(tus(guest.token, { 'Upload-Length': '10' })), 403);
    await check('post', UPLOADS, await create(tus(user.token, { 'Upload-Length': String(VIDEO_MAX_BYTES + 1) })), 400);
    await check('post', UPLOADS, await create({ Authorization: `Bearer ${user.token}`, 'Upload-Length': '10' }), 412);
    const made = await create(tus(user.token, { 'Upload-Length': '10', 'Upload-Metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}` }));
    await check('post', UPLOADS, made, 201, ['Location', 'Upload-Expires', 'Tus-Resumable']);
    const url = at(made.headers.get('location')!);
    assert.equal(doc.paths[UPLOAD].head.parameters[0].schema.pattern, '^[0-9a-f]{32}$');
    assert.match(new URL(url).pathname, /^\/v2\/video-uploads\/[0-9a-f]{32}$/);

    await check('head', UPLOAD, await fetch(url, { method: 'HEAD', headers: tus(user.token) }), 200, ['Upload-Offset', 'Upload-Length', 'Upload-Metadata']);
    await check('head', UPLOAD, await fetch(url, { method: 'HEAD', headers: tus(guest.token) }), 403);
    await check('head', UPLOAD, await fetch(`${ts.url}${UPLOADS}/${'0'.repeat(32)}`, { method: 'HEAD', headers: tus(user.token) }), 404);
    await check('patch', UPLOAD, await fetch(url, { method: 'PATCH', headers: tus(user.token, { ...bytes, 'Upload-Offset': '0' }), body: 'abc' }), 204, ['Upload-Offset']);
    await check('patch', UPLOAD, await fetch(url, { method: 'PATCH', headers: tus(user.token, { ...bytes, 'Upload-Offset': '0' }), body: 'abc' }), 409);
    await check('patch', UPLOAD, await fetch(url, { method: 'PATCH', headers: tus(undefined, { ...bytes, 'Upload-Offset': '3' }), body: 'abc' }), 401);
    // The last bytes: the whole upload is not a video.
    const last = await fetch(url, { method: 'PATCH', headers: tus(user.token, { ...bytes, 'Upload-Offset': '3' }), body: 'defghij' });
    await check('patch', UPLOAD, last, 400);
    assert.equal(JSON.parse(await last.text()).message, NOT_A_VIDEO);
    await check('patch', UPLOAD, await fetch(url, { method: 'PATCH', headers: tus(user.token, { ...bytes, 'Upload-Offset': '0' }), body: 'abc' }), 404);

    const other = at((await create(tus(user.token, { 'Upload-Length': '10' }))).headers.get('location')!);
    await check('delete', UPLOAD, await fetch(other, { method: 'DELETE', headers: tus(user.token) }), 204);
    await check('delete', UPLOAD, await fetch(other, { method: 'DELETE', headers: tus(user.token) }), 404);

    // The whole upload accepted: 200 with the video's id, described (a real video is the video tests' work).
    const finished = described('patch', UPLOAD, 200);
    assert.ok(finished.headers['Video-Id']);
    assert.equal(finished.content['application/json'].schema.$ref, '#/components/schemas/VideoUploaded');
    assert.deepEqual(doc.components.schemas.VideoUploaded.required, ['video_id', 'status']);
    assert.ok(described('post', UPLOADS, 429) && described('patch', UPLOAD, 429));
  });

  it('describes a video file\'s answers: the whole, a range, not modified, not found, a range outside it', async () => {
    for (const method of ['get', 'head']) {
      const op = doc.paths[VIDEO_FILE][method];
      assert.deepEqual(op.parameters.map((p: Any) => [p.name, p.in]), [['id', 'path'], ['name', 'path'], ['e', 'query'], ['s', 'query'], ['Range', 'header'], ['If-Range', 'header'], ['If-None-Match', 'header']]);
      assert.deepEqual(op.parameters[1].schema.enum, ['av1.mp4', 'h264.mp4', 'poster.webp']);
      assert.deepEqual(Object.keys(op.responses).sort(), ['200', '206', '304', '404', '416']);
      assert.ok(op.responses[206].headers['Content-Range']);
      assert.ok(op.responses[416].headers['Content-Range']);
    }
    assert.deepEqual(Object.keys(doc.paths[VIDEO_FILE].get.responses[200].content).sort(), ['image/webp', 'video/mp4']);
    assert.equal(doc.paths[VIDEO_FILE].head.responses[200].content, undefined);
    const res = await fetch(`${ts.url}${videoPath(VIDEO_FILE)}?e=1&s=x`);
    await res.text();
    assert.equal(res.status, 404);
    assert.ok(described('get', VIDEO_FILE, 404).content['application/json']);
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

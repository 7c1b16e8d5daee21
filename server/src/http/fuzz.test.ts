// Property-based fuzzing of every REST route of the table (a new route is fuzzed as soon as it is added):
// arbitrary path parameters, query strings, bodies and credentials. Every answer is a success or a client
// error in the error envelope, never a server error or a dropped connection, and the server stays up.
// FUZZ_SEED, FUZZ_RUNS and FUZZ_PATH come from the environment (testing/fuzz.ts; `npm run fuzz` runs long).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { fuzzSettings, nastyBody, nastyJson, nastyString } from '../testing/fuzz.ts';
import { startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

const settings = fuzzSettings(8);

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: { $ref?: string; properties?: Record<string, unknown> } } } };
}

// Started before the tests are declared: they are declared from its route table.
const ts: TestServer = await startTestServer();
after(() => ts.close());
/** The API description: each route's query parameters and body fields. */
const doc = (await (await fetch(`${ts.url}/v2/openapi.json`)).json()) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
};

const basic = (user: string) => 'Basic ' + Buffer.from(`${user}:`).toString('base64');
const CREDENTIALS = ['guest', 'none', 'expired', 'garbage-bearer', 'server-key', 'wrong-key', 'garbage'] as const;
type Credentials = (typeof CREDENTIALS)[number];

function authorization(kind: Credentials, guest: TestSession): string | undefined {
  switch (kind) {
    case 'guest':
      return `Bearer ${guest.token}`;
    case 'none':
      return undefined;
    case 'expired':
      // A well-formed token whose signature does not hold: the payload was changed.
      return `Bearer ${guest.token.split('.').map((p, i) => (i === 1 ? p.slice(0, -2) + 'AA' : p)).join('.')}`;
    case 'garbage-bearer':
      return 'Bearer a.b.c';
    case 'server-key':
      return basic(ts.config.serverKey);
    case 'wrong-key':
      return basic('wrong');
    case 'garbage':
      return '\u00ff\u00fe';
  }
}

/** The names a route's description gives its query parameters and its body's fields. */
function shapeOf(method: string, path: string): { query: string[]; fields: string[] } {
  const op = doc.paths[path]?.[method.toLowerCase()];
  const query = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const schema = op?.requestBody?.content['application/json']?.schema;
  const ref = schema?.$ref?.split('/').at(-1);
  const props = ref ? doc.components.schemas[ref]?.properties : schema?.properties;
  return { query, fields: Object.keys(props ?? {}) };
}

/** Ids that answers carried (users, groups, channels...): path parameters aim at real rows now and then. */
const seen: string[] = [];

function harvest(text: string): void {
  for (const m of text.matchAll(/"(?:[a-z]+_)?id":"([^"]{1,200})"/g)) if (seen.length < 200 && !seen.includes(m[1])) seen.push(m[1]);
}

const param = fc.oneof(nastyString, fc.nat().map((i) => (seen.length ? seen[i % seen.length] : '')));

/** A request for a route: its parameters, query, body, content type and credentials. */
function requestArb(path: string, method: string) {
  const params = [...path.matchAll(/\{[^}]+\}/g)].length;
  const { query, fields } = shapeOf(method, path);
  const names = fc.oneof(fc.constantFrom(...query, 'limit', 'cursor', 'http_key', 'unwrap'), nastyString);
  // A body of the route's own fields (nasty values), or anything at all.
  const shaped = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), nastyJson, { maxKeys: fields.length }).map((o) => JSON.stringify(o))
    : nastyBody;
  return fc.record({
    params: fc.array(param, { minLength: params, maxLength: params }),
    query: fc.array(fc.tuple(names, nastyString), { maxLength: 4 }),
    body: method === 'GET' || method === 'HEAD' ? fc.constant(undefined) : fc.option(fc.oneof(shaped, nastyBody), { nil: undefined }),
    contentType: fc.constantFrom(undefined, 'application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x'),
    credentials: fc.constantFrom(...CREDENTIALS),
  });
}

/** A path segment percent-encoded, a lone UTF-16 surrogate as the three bytes it would take (not UTF-8). */
function encodeSegment(s: string): string {
  let out = '';
  for (const c of s) {
    const u = c.codePointAt(0)!;
    if (u < 0xd800 || u > 0xdfff) out += encodeURIComponent(c);
    else out += [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  }
  return out;
}

/** What is wrong with an answer, or undefined when it is fine. */
async function problem(res: Response, method: string): Promise<string | undefined> {
  const text = await res.text();
  if (res.ok) harvest(text);
  if (res.status >= 500 && res.status !== 501) return `server error ${res.status} ${text.slice(0, 200)}`;
  if (res.status < 400 || method === 'HEAD') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${res.status} without a JSON body: ${text.slice(0, 200)}`;
  }
  const e = body as { code?: unknown; message?: unknown };
  if (typeof e.code !== 'number' || typeof e.message !== 'string') return `${res.status} without the error envelope: ${text.slice(0, 200)}`;
  return undefined;
}

describe('fuzzing every REST route', () => {
  it('covers the whole route table', () => {
    assert.ok(ts.app.routes.routes().length > 20);
  });

  // One test per route, so that a failure names it and --test-name-pattern replays it alone.
  for (const route of ts.app.routes.routes()) {
    it(`${route.method} ${route.path}`, async () => {
      // A fresh guest per route: logout and account deletion are among the routes.
      const guest = await ts.newSession();
      harvest(JSON.stringify({ user_id: guest.user_id }));
      await fc.assert(
        fc.asyncProperty(requestArb(route.path, route.method), async (r) => {
          let n = 0;
          const path = route.path.replace(/\{[^}]+\}/g, () => encodeSegment(r.params[n++]));
          const qs = new URLSearchParams(r.query).toString();
          const headers: Record<string, string> = {};
          const auth = authorization(r.credentials, guest);
          if (auth) headers.Authorization = auth;
          if (r.contentType) headers['Content-Type'] = r.contentType;
          let res: Response;
          try {
            res = await fetch(`${ts.url}${path}${qs ? `?${qs}` : ''}`, { method: route.method, headers, body: r.body });
          } catch (err) {
            assert.fail(`${route.method} ${path.slice(0, 200)}: the connection was dropped (${String(err)})`);
          }
          const wrong = await problem(res, route.method);
          assert.equal(wrong, undefined, `${route.method} ${path}?${qs}`.slice(0, 300));
        }),
        settings,
      );
    });
  }

  it('leaves the server up', async () => {
    assert.equal((await fetch(`${ts.url}/healthcheck`)).status, 200);
    const fresh = await ts.newSession();
    assert.equal((await ts.client().getAccount(fresh)).user!.id, fresh.user_id);
  });
});

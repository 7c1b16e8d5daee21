// Every route, fed malformed input: answers are client errors, never 500s, and the server stays up.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiRoutes } from '../api/index.ts';
import { startTestServer, type TestServer, type TestSession } from '../testing/index.ts';

let ts: TestServer;
let s: TestSession;
before(async () => {
  ts = await startTestServer();
  s = await ts.newSession();
});
after(() => ts.close());

const BODIES = [
  '{"',
  '[]',
  '"text"',
  'null',
  '{"id": {"nested": [1, 2]}, "name": 12, "ids": "x", "objects": [1], "object_ids": {}, "limit": -1}',
  '{"value": "{\\"a\\": \\"\\u0000\\"}", "collection": "c", "key": "k", "objects": [{"collection": "c", "key": "k", "value": "{\\"a\\": 1e999999}"}]}',
  JSON.stringify({ name: 'x'.repeat(5000), token: 'a.b.c', email: '@', password: 1, vars: { a: 1 } }),
];
const PARAMS = ['00000000-0000-0000-0000-000000000000', 'not-a-uuid', '%00', "'; DROP TABLE users; --", 'x'.repeat(300)];
const QUERIES = ['', 'limit=abc', 'limit=100000', 'state=-1', 'cursor=%%%', 'ids=nope&user_ids=nope&usernames=', 'forward=maybe&create=maybe'];

describe('malformed input on every route', () => {
  it('never produces a server error', async () => {
    const routes = apiRoutes(ts.app.core, () => {});
    const failures: string[] = [];
    for (const r of routes) {
      // A fresh account per route: logout and account deletion are among the routes.
      s = await ts.newSession();
      for (const param of PARAMS) {
        const path = r.path.replace(/\{[^}]+\}/g, encodeURIComponent(param));
        for (const qs of QUERIES) {
          for (const body of r.method === 'GET' ? [''] : BODIES) {
            const headers: Record<string, string> = {
              Authorization: r.auth === 'basic' ? 'Basic ' + Buffer.from('defaultkey:').toString('base64') : `Bearer ${s.token}`,
            };
            const res = await fetch(`${ts.url}${path}?${qs}`, { method: r.method, headers, body: body || undefined });
            if (res.status >= 500 && res.status !== 501) failures.push(`${r.method} ${path}?${qs} ${body.slice(0, 40)} -> ${res.status} ${await res.text()}`);
            else await res.arrayBuffer();
          }
        }
      }
    }
    assert.deepEqual(failures, []);
    const ok = await fetch(`${ts.url}/healthcheck`);
    assert.equal(ok.status, 200);
    // The fuzzing logged the session out and deleted its account, cleanly: a new one works.
    const fresh = await ts.newSession();
    assert.equal((await ts.client().getAccount(fresh)).user!.id, fresh.user_id);
  });
});

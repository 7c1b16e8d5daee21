import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Session } from '@heroiclabs/nakama-js';
import { errorOf, startTestServer, type TestServer } from '@tribuna/server/testing';
import { call as callOn, fails, registered, withKey as withKeyOn } from '../testing.ts';
import { FIELD_LABELS } from '../lib/labels.ts';

let ts: TestServer;
/** A site administrator by id, one by proven e-mail, a registered user who is neither, and a guest. */
let admin: Session;
let chief: Session;
let user: Session;
let guest: Session;

const ADMIN_ID = crypto.randomUUID();
const CHIEF_EMAIL = `chief-${crypto.randomUUID()}@example.com`;
const start = () => startTestServer({
  moduleSpecifiers: ['@tribuna/portal'],
  env: { ADMIN_USER_IDS: ADMIN_ID.toUpperCase(), ADMIN_EMAILS: `someone@example.com, ${CHIEF_EMAIL.toUpperCase()}` },
});

/** A signed-in account of a chosen id and e-mail address, proven or not. */
async function account(server: TestServer, id: string, email: string, proven: boolean): Promise<Session> {
  await server.app.nk.db.execute(
    `INSERT INTO users (id, username, email, verify_time) VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)`,
    [id, `user_${id.slice(0, 8)}`, email, proven],
  );
  const t = server.app.nk.authenticateTokenGenerate(id, `user_${id.slice(0, 8)}`);
  return Session.restore(t.token, t.refreshToken);
}
const call = (s: Session, id: string, input?: object) => callOn(ts, s, id, input);
const view = (page: string, browser = 'Chrome', screen_width = 1920, screen_height = 1080) => ({ page, browser, screen_width, screen_height });

const withKey = (id: string, input: object) => withKeyOn(ts, id, input);

before(async () => {
  ts = await start();
  [user, guest] = await Promise.all([registered(ts), ts.newSession()]);
  admin = await account(ts, ADMIN_ID, `${crypto.randomUUID()}@example.com`, true);
  chief = await account(ts, crypto.randomUUID(), CHIEF_EMAIL, true);
});
after(() => ts.close());

describe('metrics', () => {
  it('counts page views from anyone and reports them most frequent first', async () => {
    assert.deepEqual(await call(guest, 'track_metrics', view('/news')), {});
    await call(guest, 'track_metrics', view('/news?page=2#top', 'Firefox', 1366, 768));
    await call(user, 'track_metrics', view('/news', 'Firefox', 1366, 768));
    await call(user, 'track_metrics', view('/teams', 'Firefox', 390, 844));
    await withKey('track_metrics', view('/', 'Safari', 1366, 768));
    await call(guest, 'track_metrics', view('  /teams  ', '  Firefox '));

    assert.deepEqual(await call(admin, 'get_page_metrics'), {
      pages: [{ page: '/news', count: 3 }, { page: '/teams', count: 2 }, { page: '/', count: 1 }],
    });
    assert.deepEqual(await call(chief, 'get_browser_metrics'), {
      browsers: [{ browser: 'Firefox', count: 4 }, { browser: 'Chrome', count: 1 }, { browser: 'Safari', count: 1 }],
    });
    assert.deepEqual(await call(admin, 'get_resolution_metrics', {}), {
      resolutions: [{ resolution: '1366x768', count: 3 }, { resolution: '1920x1080', count: 2 }, { resolution: '390x844', count: 1 }],
    });
    assert.deepEqual(await call(admin, 'get_page_metrics', { limit: 1 }), { pages: [{ page: '/news', count: 3 }] });
  });

  it('refuses missing, oversized and out-of-range fields, counting nothing', async () => {
    const before = await call(admin, 'get_page_metrics');
    for (const [input, field] of [
      [{ browser: 'Chrome', screen_width: 1, screen_height: 1 }, 'page'],
      [view('   '), 'page'],
      [view('/' + 'x'.repeat(512)), 'page'],
      [view('/a\u0000b'), 'page'],
      [view('/', ''), 'browser'],
      [view('/', 'B'.repeat(513)), 'browser'],
      [view('/', 'Chrome', 0), 'screen_width'],
      [view('/', 'Chrome', 1920.5), 'screen_width'],
      [view('/', 'Chrome', 1920, 20_001), 'screen_height'],
      [{ ...view('/'), screen_height: '1080' }, 'screen_height'],
    ] as const) {
      await fails(call(guest, 'track_metrics', input), 400, new RegExp(`^${FIELD_LABELS[field]}: `));
    }
    await fails(call(admin, 'get_page_metrics', { limit: 1001 }), 400, /^Размер страницы: /);
    assert.deepEqual(await call(admin, 'get_page_metrics'), before);
  });

  it('lets only the site administrators read the metrics, by id or by proven e-mail', async () => {
    for (const id of ['get_page_metrics', 'get_browser_metrics', 'get_resolution_metrics', 'get_metrics_dashboard']) {
      const input = id === 'get_metrics_dashboard' ? { period: 'day' } : {};
      await fails(call(user, id, input), 403, 'Только для администраторов сайта.');
      await fails(call(guest, id, input), 403);
      await fails(withKey(id, input), 401);
      await call(admin, id, input);
      await call(chief, id, input);
    }
    assert.deepEqual(await call(admin, 'get_admin_state'), { is_admin: true });
    assert.deepEqual(await call(chief, 'get_admin_state'), { is_admin: true });
    for (const s of [user, guest]) assert.deepEqual(await call(s, 'get_admin_state'), { is_admin: false });
  });

  it("counts an address as an administrator's only once it is proven", async () => {
    const email = `later-${crypto.randomUUID()}@example.com`;
    const own = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { ADMIN_EMAILS: email } });
    try {
      const s = await own.client().authenticateEmail(email, 'password-123', true);
      assert.deepEqual((await own.client().rpc(s, 'get_admin_state', {})).payload, { is_admin: false });
      assert.ok(await own.app.core.accounts.confirmEmail(s.user_id!, email));
      assert.deepEqual((await own.client().rpc(s, 'get_admin_state', {})).payload, { is_admin: true });
    } finally {
      await own.close();
    }
  });
});

describe('track_metrics rate limit', () => {
  it('allows 120 views a minute per client address', async () => {
    // A server of its own: its limiter has counted nothing yet.
    const own = await start();
    try {
      const s = await own.newSession();
      for (let i = 0; i < 120; i++) await own.client().rpc(s, 'track_metrics', view('/'));
      const e = await errorOf(own.client().rpc(s, 'track_metrics', view('/')));
      assert.equal(e.status, 429);
      assert.equal(e.body.message, 'Слишком много запросов, попробуйте позже.');
      // Another session from the same address is held back too.
      await assert.rejects(own.client().rpc(await own.newSession(), 'track_metrics', view('/')));
      const reader = await account(own, ADMIN_ID, `${crypto.randomUUID()}@example.com`, true);
      assert.deepEqual((await own.client().rpc(reader, 'get_page_metrics', {})).payload, { pages: [{ page: '/', count: 120 }] });
    } finally {
      await own.close();
    }
  });
});

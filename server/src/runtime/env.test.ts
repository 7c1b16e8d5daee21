// Module settings: the configuration's runtime env reaches modules as `nk.env` and as every call's
// `ctx.env`, over REST (session or HTTP key), the socket's rpc and socket message hooks alike.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RuntimeModule } from './types.ts';
import { startTestServer, type TestServer } from '../testing/index.ts';

const seen: Array<Readonly<Record<string, string>>> = [];

const envModule: RuntimeModule = {
  name: 'env-test',
  init(initializer, nk) {
    seen.push(nk.env);
    initializer.registerRpc('env', (ctx) => JSON.stringify(ctx.env));
    initializer.registerBeforeRt('status_update', (ctx, message) => {
      seen.push(ctx.env);
      return message;
    });
  },
};

const SETTINGS = {
  SHOP_PROVIDER: 'yookassa',
  PUBLIC_URL: 'https://tribuna.example',
  YOOKASSA_SHOP_ID: '42',
  YOOKASSA_SECRET_KEY: 'test_secret',
  YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
  NEWS_HTML_THREADS: '2',
  NEWS_HTML_QUEUE: '5',
};
/** What modules get: the settings above, the team-life and push settings' defaults (the test server's tick: an hour). */
const MODULE_ENV = {
  ...SETTINGS,
  REMINDER_BEFORE_DEADLINE_HOURS: '24',
  REMINDER_BEFORE_START_HOURS: '3',
  REMINDER_TICK_SEC: '3600',
  LINK_SIGNING_KEY: 'defaultlinksigningkey',
  ADMIN_USER_IDS: '',
  ADMIN_EMAILS: '',
  VAPID_SUBJECT: 'https://tribuna.example',
  PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.notify.windows.com,https://web.push.apple.com',
};

let ts: TestServer;
before(async () => {
  ts = await startTestServer({ modules: [envModule], env: SETTINGS });
});
after(() => ts.close());

describe('module settings', () => {
  it('are nk.env and ctx.env of REST calls, socket calls and socket hooks', async () => {
    assert.deepEqual(seen[0], MODULE_ENV);
    const s = await ts.newSession();
    assert.deepEqual((await ts.client().rpc(s, 'env', {})).payload, MODULE_ENV);
    const res = await fetch(`${ts.url}/v2/rpc/env?http_key=${ts.config.httpKey}&unwrap`, { method: 'POST', body: '{}' });
    assert.deepEqual(await res.json(), MODULE_ENV);

    const socket = ts.client().createSocket();
    await socket.connect(s, false);
    try {
      assert.deepEqual(JSON.parse(String((await socket.rpc('env', '{}')).payload)), MODULE_ENV);
      await socket.updateStatus('на матче');
      assert.deepEqual(seen.at(-1), MODULE_ENV);
    } finally {
      socket.disconnect(false);
    }
  });
});

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { createLogger, inLogScope, outsideLogScope } from './log.ts';
import type { RuntimeModule } from './runtime/types.ts';
import { sleep, startSmtpServer, startTestServer, tempDir, type TestServer, type TestSmtpServer } from './testing/index.ts';

/** A destination that keeps every line written to it. */
function capture() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

type Line = Record<string, unknown>;

const random = (label: string) => `${label}-${crypto.randomBytes(12).toString('hex')}`;

// Every key the server is given is one of a kind, so finding it in the log means it was logged.
const KEYS = {
  SERVER_KEY: random('serverkey'),
  HTTP_KEY: random('httpkey'),
  SESSION_ENCRYPTION_KEY: random('sessionkey'),
  REFRESH_ENCRYPTION_KEY: random('refreshkey'),
  LINK_SIGNING_KEY: random('linkkey'),
};

const throwing: RuntimeModule = {
  name: 'log-test',
  init(initializer) {
    initializer.registerRpc('log_test_throw', () => {
      throw new Error('the handler broke');
    });
    initializer.registerRpc('log_test_echo', (_ctx, payload) => payload);
    initializer.registerHttpRoute('GET', '/log-test/{secret}.ics', () => {
      throw new Error('the route broke');
    });
  },
};

const log = capture();
let smtp: TestSmtpServer;
let ts: TestServer;

before(async () => {
  smtp = await startSmtpServer();
  ts = await startTestServer({
    modules: [throwing],
    moduleSpecifiers: ['@tribuna/portal'],
    env: { ...KEYS, SMTP_URL: smtp.url, PUSH_ALLOWED_ORIGINS: 'http://127.0.0.1:9' },
    logger: createLogger('debug', { to: log.stream }),
  });
});
after(async () => {
  await ts.close();
  await smtp.close();
});

/** The lines logged so far that match, waiting (bounded) for at least one. */
async function linesWhere(match: (l: Line) => boolean): Promise<Line[]> {
  for (let i = 0; i < 200; i++) {
    const found = log.parsed().filter(match);
    if (found.length) return found;
    await sleep(10);
  }
  return [];
}

describe('the logger', () => {
  it('writes one JSON object per line: level, time, msg, fields, an error with its stack, the scope', () => {
    const c = capture();
    const logger = createLogger('info', { to: c.stream });
    logger.debug('not written');
    logger.info('plain');
    inLogScope({ reqId: 'req-1', uid: 'user-1' }, () => logger.error('failed', { id: 7, err: new Error('boom') }));
    assert.equal(c.lines.length, 2);
    assert.ok(c.lines.every((l) => l.endsWith('\n') && l.indexOf('\n') === l.length - 1));
    const [plain, failed] = c.parsed();
    assert.equal(plain.level, 'info');
    assert.equal(plain.msg, 'plain');
    assert.equal(typeof plain.time, 'number');
    assert.equal(plain.reqId, undefined);
    assert.equal(failed.level, 'error');
    assert.equal(failed.id, 7);
    assert.equal(failed.reqId, 'req-1');
    assert.equal(failed.uid, 'user-1');
    const err = failed.err as Record<string, string>;
    assert.equal(err.message, 'boom');
    assert.match(err.stack, /^Error: boom\n\s+at /);
  });

  it('a scope reaches lines logged later in its promises, and not what runs outside it', async () => {
    const c = capture();
    const logger = createLogger('info', { to: c.stream });
    await inLogScope({ sid: 'socket-1', uid: 'user-1' }, async () => {
      await sleep(1);
      logger.info('later');
      outsideLogScope(() => setTimeout(() => logger.info('outlives it'), 1));
    });
    await sleep(20);
    const [later, outlives] = c.parsed();
    assert.equal(later.sid, 'socket-1');
    assert.equal(outlives.msg, 'outlives it');
    assert.equal(outlives.sid, undefined);
    assert.equal(outlives.uid, undefined);
  });

  it('replaces known secret fields, at the top and named nested ones', () => {
    const c = capture();
    createLogger('debug', { to: c.stream }).info('careless', { token: 'tok-secret', body: { password: 'pw-secret', refresh_token: 'rt-secret' } });
    assert.doesNotMatch(c.lines[0], /secret/);
    assert.match(c.lines[0], /\[redacted\]/);
  });

  it('writes readable lines with the pretty format', () => {
    const dir = tempDir();
    try {
      const file = path.join(dir.dir, 'pretty.log');
      createLogger('info', { format: 'pretty', to: file }).info('hello', { answer: 42 });
      const text = fs.readFileSync(file, 'utf8');
      assert.match(text, /INFO.*hello/);
      assert.match(text, /answer.*42/);
      assert.doesNotMatch(text, /^\{/);
    } finally {
      dir.remove();
    }
  });

  it('at warn, writes no request lines', () => {
    const c = capture();
    const logger = createLogger('warn', { to: c.stream });
    assert.equal(logger.isLevelEnabled('info'), false);
    assert.equal(logger.isLevelEnabled('warn'), true);
    logger.info('request', { status: 200 });
    assert.equal(c.lines.length, 0);
  });
});

describe('request lines', () => {
  it('one line per request: method, route pattern (not the query), status, duration, request id, user', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/rpc/log_test_echo?unwrap=1&http_key=${KEYS.HTTP_KEY}`, { method: 'POST', body: '{}' });
    assert.equal(res.status, 200);
    const reqId = res.headers.get('x-request-id');
    assert.ok(reqId);
    const [line] = await linesWhere((l) => l.msg === 'request' && l.reqId === reqId);
    assert.equal(line.level, 'info');
    assert.equal(line.method, 'POST');
    assert.equal(line.route, '/v2/rpc/{id}');
    assert.equal(line.status, 200);
    assert.equal(typeof line.ms, 'number');
    assert.equal(line.uid, undefined, 'an HTTP-key call is made by no user');

    const account = await fetch(`${ts.url}/v2/account`, { headers: { Authorization: `Bearer ${s.token}` } });
    const [mine] = await linesWhere((l) => l.msg === 'request' && l.reqId === account.headers.get('x-request-id'));
    assert.equal(mine.route, '/v2/account');
    assert.equal(mine.uid, s.user_id);

    const missing = await fetch(`${ts.url}/v2/nothing/here?token=abc`);
    assert.equal(missing.status, 404);
    const [none] = await linesWhere((l) => l.msg === 'request' && l.reqId === missing.headers.get('x-request-id'));
    assert.equal(none.status, 404);
    assert.equal(none.route, '(none)');
  });

  it('honours a sane incoming X-Request-Id and replaces a hostile one', async () => {
    const given = `trace-${crypto.randomUUID()}`;
    const res = await fetch(`${ts.url}/healthcheck`, { headers: { 'X-Request-Id': given } });
    assert.equal(res.headers.get('x-request-id'), given);
    assert.equal((await linesWhere((l) => l.msg === 'request' && l.reqId === given)).length, 1);

    for (const hostile of ['x'.repeat(65), 'id with spaces', '"},"level":"fatal', '']) {
      const r = await fetch(`${ts.url}/healthcheck`, { headers: { 'X-Request-Id': hostile } });
      const id = r.headers.get('x-request-id')!;
      assert.ok(id && id !== hostile, hostile);
      assert.match(id, /^[\w.:-]{1,64}$/);
      assert.equal((await linesWhere((l) => l.msg === 'request' && l.reqId === id)).length, 1);
    }
    assert.equal(log.lines.some((l) => l.includes('"level":"fatal')), false);
  });

  it('an RPC that throws logs its error with the same request id as its request line', async () => {
    const s = await ts.newSession();
    const res = await fetch(`${ts.url}/v2/rpc/log_test_throw`, { method: 'POST', body: '"{}"', headers: { Authorization: `Bearer ${s.token}` } });
    assert.equal(res.status, 500);
    const reqId = res.headers.get('x-request-id');
    const lines = await linesWhere((l) => l.reqId === reqId);
    const failed = lines.find((l) => l.level === 'error')!;
    assert.ok(failed, JSON.stringify(lines));
    assert.equal(failed.msg, 'rpc failed');
    assert.equal(failed.uid, s.user_id);
    assert.match((failed.err as { stack: string }).stack, /the handler broke/);
    const [request] = await linesWhere((l) => l.msg === 'request' && l.reqId === reqId);
    assert.equal(request.status, 500);
  });
});

describe('socket session lines', () => {
  it('one line when a session closes; lines of its messages carry its id', async () => {
    const s = await ts.newSession();
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${s.token}`);
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
    await once(ws, 'open');
    ws.send(JSON.stringify({ cid: '1', ping: {} }));
    ws.send(JSON.stringify({ cid: '2', rpc: { id: 'log_test_throw', payload: '{}' } }));
    for (let i = 0; i < 200 && frames.length < 2; i++) await sleep(10);
    assert.equal(frames.length, 2, JSON.stringify(frames));
    ws.close(1000);
    await once(ws, 'close');

    const [closed] = await linesWhere((l) => l.msg === 'socket closed' && l.uid === s.user_id);
    assert.equal(closed.level, 'info');
    assert.equal(typeof closed.sid, 'string');
    assert.equal(closed.in, 2);
    assert.equal(closed.out, 2);
    assert.equal(closed.closeCode, 1000);
    assert.equal(typeof closed.ms, 'number');
    const failed = log.parsed().find((l) => l.msg === 'rpc failed' && l.sid === closed.sid);
    assert.ok(failed, 'the RPC that failed over the socket is logged with the session id');
    assert.equal(failed.uid, s.user_id);
  });
});

describe('no secret reaches the log', () => {
  it('sign-ins, refreshes, codes, passwords, keys and push subscriptions run at debug leave none of them in the log', async () => {
    const secrets = new Set<string>(Object.values(KEYS));
    const keep = (...values: Array<string | undefined>) => {
      for (const v of values) {
        if (!v) continue;
        secrets.add(v);
        // A token's signature alone is a secret too.
        const parts = v.split('.');
        if (parts.length === 3) secrets.add(parts[2]);
      }
    };
    const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`;
    keep(basic(KEYS.SERVER_KEY).slice(6), basic(KEYS.HTTP_KEY).slice(6));
    const client = ts.client(KEYS.SERVER_KEY);

    // Device sign-in (Basic auth with the server key), refresh, and a socket by token in the query.
    const device = await client.authenticateDevice(random('device'), true);
    keep(device.token, device.refresh_token);
    const refreshed = await client.sessionRefresh(device);
    keep(refreshed.token, refreshed.refresh_token);
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${refreshed.token}`);
    await once(ws, 'open');
    ws.close();

    // E-mail and password: sign-up, a wrong password, the portal's login_password, linking a password.
    const email = `${random('user')}@example.com`;
    const password = random('password');
    keep(password);
    const signedUp = await client.authenticateEmail(email, password, true);
    keep(signedUp.token, signedUp.refresh_token);
    const wrong = random('wrong-password');
    keep(wrong);
    await assert.rejects(client.authenticateEmail(email, wrong, false));
    const login = (await client.rpc(device, 'login_password', { email, password })).payload as Record<string, string>;
    keep(login.access_token, login.refresh_token);
    const linked = random('linked-password');
    keep(linked);
    await client.linkEmail(device, { email: `${random('linked')}@example.com`, password: linked });

    // A sign-in code by mail, then used.
    const codeEmail = `${random('code')}@example.com`;
    await client.rpc(device, 'request_auth_code', { email: codeEmail });
    const mail = await smtp.waitForMail(codeEmail);
    const code = /(\d{6})$/.exec(mail.subject ?? '')?.[1];
    assert.ok(code);
    keep(code);
    const verified = (await client.rpc(device, 'verify_auth_code', { email: codeEmail, code })).payload as Record<string, string>;
    keep(verified.access_token, verified.refresh_token);
    await assert.rejects(client.rpc(device, 'verify_auth_code', { email: codeEmail, code }));

    // Server-to-server RPC by HTTP key, in the query and as Basic auth; one with a wrong key.
    const byQuery = await fetch(`${ts.url}/v2/rpc/log_test_echo?http_key=${KEYS.HTTP_KEY}&unwrap=1`, { method: 'POST', body: '{}' });
    assert.equal(byQuery.status, 200);
    const byBasic = await fetch(`${ts.url}/v2/rpc/log_test_echo?unwrap=1`, { method: 'POST', body: '{}', headers: { Authorization: basic(KEYS.HTTP_KEY) } });
    assert.equal(byBasic.status, 200);
    const wrongKey = random('wrong-httpkey');
    keep(wrongKey);
    assert.equal((await fetch(`${ts.url}/v2/rpc/log_test_echo?http_key=${wrongKey}`)).status, 401);
    const failing = await fetch(`${ts.url}/v2/rpc/log_test_throw?http_key=${KEYS.HTTP_KEY}&unwrap=1`, { method: 'POST', body: '{}' });
    assert.equal(failing.status, 500);

    // A module's route whose parameter is a secret (a calendar feed's token), failing.
    const feedToken = random('feed');
    keep(feedToken);
    assert.equal((await fetch(`${ts.url}/log-test/${feedToken}.ics?token=${feedToken}`)).status, 500);

    // A push subscription: its endpoint's path and its keys.
    const pushPath = random('push');
    const p256dh = Buffer.concat([Buffer.from([4]), crypto.randomBytes(64)]).toString('base64url');
    const auth = crypto.randomBytes(16).toString('base64url');
    keep(pushPath, p256dh, auth);
    await client.rpc(signedUp, 'register_push_subscription', { endpoint: `http://127.0.0.1:9/${pushPath}`, keys: { p256dh, auth } });

    await linesWhere((l) => l.msg === 'socket closed' && l.uid === refreshed.user_id);
    const text = log.lines.join('');
    // The sweep saw the flows: each left its lines.
    for (const msg of ['"msg":"request"', '"msg":"mail sent"', '"msg":"rpc failed"', '"msg":"socket closed"', '"msg":"HTTP route failed"']) {
      assert.ok(text.includes(msg), msg);
    }
    assert.ok(text.includes('"route":"/log-test/{secret}.ics"'));
    assert.ok(text.includes('"route":"/v2/account/authenticate/device"') && text.includes('"route":"/v2/account/session/refresh"'));
    for (const secret of secrets) assert.equal(text.includes(secret), false, `the log holds a secret: ${secret}`);
  });
});


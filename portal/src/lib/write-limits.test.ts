// The portal's limits on writes: every RPC that changes something has a class, and a user (or a client
// address) past a class's limit is refused with 429 and Retry-After on REST and the same in the socket's
// error envelope; daily caps count what was stored.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { rpcs } from '../index.ts';
import { call, registered, withKey } from '../testing.ts';
import { inTime, plural } from './limits.ts';
import type { LimitClass } from './write-limits.ts';

const READ = /^(get|list|search)_/;
// Every class: tsc holds this list to LimitClass, so a class added there must be named here.
const LIMIT_CLASSES = new Set(Object.keys({ write: 1, create: 1, news: 1, chat: 1, react: 1, message: 1, mark: 1 } satisfies Record<LimitClass, 1>));

describe('every RPC that changes something', () => {
  it('names a limit class; reads name none', () => {
    for (const d of rpcs) {
      if (READ.test(d.id) || d.readOnly) assert.equal(d.limit, undefined, `${d.id} reads, and takes no limit`);
      else assert.ok(d.limit && LIMIT_CLASSES.has(d.limit), `${d.id} changes something: it needs a limit class`);
    }
    const classOf = (id: string) => rpcs.find((d) => d.id === id)?.limit;
    for (const d of rpcs.filter((x) => x.id.startsWith('create_'))) {
      assert.ok(['create', 'news', 'chat'].includes(d.limit!), `${d.id} creates: its class counts creations`);
    }
    assert.deepEqual(['like', 'unlike', 'rate_news', 'rate_tournament'].map(classOf), ['react', 'react', 'react', 'react']);
    assert.deepEqual(['create_news', 'create_chat', 'send_message'].map(classOf), ['news', 'chat', 'message']);
  });
});

describe('Russian waits', () => {
  it('are counted in the right form and rounded up', () => {
    assert.deepEqual([1, 2, 5, 11, 21, 22, 25, 59].map(inTime), [
      '1 секунду', '2 секунды', '5 секунд', '11 секунд', '21 секунду', '22 секунды', '25 секунд', '59 секунд',
    ]);
    assert.deepEqual([60, 61, 1260, 3540, 3541, 7200, 86_400].map(inTime), ['1 минуту', '2 минуты', '21 минуту', '59 минут', '1 час', '2 часа', '24 часа']);
    assert.deepEqual([0, 0.2].map(inTime), ['1 секунду', '1 секунду']);
    assert.deepEqual([111, 112, 114, 104].map((n) => plural(n, 'час', 'часа', 'часов')), ['часов', 'часов', 'часов', 'часа']);
  });
});

/** A REST call whose refusal the test reads whole: status, body and Retry-After. */
async function rest(ts: TestServer, s: Session, id: string, input: object): Promise<{ status: number; body: Record<string, unknown>; retryAfter: number }> {
  const res = await fetch(`${ts.url}/v2/rpc/${id}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${s.token}` },
    body: JSON.stringify(JSON.stringify(input)),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, retryAfter: Number(res.headers.get('retry-after') ?? NaN) };
}

/** Expects a refusal by a limit: 429, code 8, the message (the wait in it matching Retry-After), within maxSec. */
async function limited(p: ReturnType<typeof rest>, message: RegExp, maxSec: number): Promise<void> {
  const r = await p;
  assert.equal(r.status, 429, JSON.stringify(r.body));
  assert.equal(r.body.code, 8);
  assert.ok(Number.isInteger(r.retryAfter) && r.retryAfter >= 1 && r.retryAfter <= maxSec, `Retry-After ${r.retryAfter}`);
  assert.match(String(r.body.message), message);
  assert.ok(String(r.body.message).endsWith(`Повторите через ${inTime(r.retryAfter)}.`), String(r.body.message));
}

const view = (page: string) => ({ page, browser: 'Firefox', screen_width: 1280, screen_height: 800 });
const ok = async (p: ReturnType<typeof rest>) => {
  const r = await p;
  assert.equal(r.status, 200, JSON.stringify(r.body));
  const payload = (r.body as { payload?: string }).payload;
  return payload ? JSON.parse(payload) : undefined;
};

describe('limits per user', () => {
  // Small numbers, so each class is reached in a few calls; every test has users of its own.
  const env = {
    LIMIT_WRITES_PER_USER_MINUTE: '8',
    LIMIT_CREATIONS_PER_USER_HOUR: '4',
    LIMIT_REACTIONS_PER_USER_MINUTE: '3',
    LIMIT_CHAT_MESSAGES_PER_USER_MINUTE: '3',
    LIMIT_CHAT_BYTES_PER_USER_DAY: '100',
    LIMIT_NEWS_PER_USER_DAY: '2',
    LIMIT_CHATS_PER_USER_DAY: '2',
  };
  let ts: TestServer;
  const data = tempDir('tribuna-limits-');
  before(async () => {
    ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir, ...env } });
  });
  after(async () => {
    await ts.close();
    data.remove();
  });

  it('refuse a user\'s writes past the minute\'s with 429 and Retry-After, and the same on the socket; others go on', async () => {
    const [anna, boris] = await Promise.all([registered(ts), registered(ts)]);
    for (let i = 0; i < 8; i++) await ok(rest(ts, anna, 'track_metrics', view(`/page-${i}`)));
    await limited(rest(ts, anna, 'track_metrics', view('/more')), /^Слишком много действий подряд\. /, 60);
    // Another write RPC shares the count; reads are not limited.
    await limited(rest(ts, anna, 'update_player', { id: crypto.randomUUID(), first_name: 'Лев' }), /^Слишком много действий подряд\. /, 60);
    assert.ok(Array.isArray((await call(ts, anna, 'list_teams', {})).teams));
    // The socket answers the RPC's error envelope with the same message and the wait in its context.
    const socket = ts.client().createSocket();
    await socket.connect(anna, false);
    try {
      await assert.rejects(socket.rpc('track_metrics', JSON.stringify(view('/socket'))), (e: { code: number; message: string; context?: Record<string, string> }) => {
        assert.equal(e.code, 7);
        assert.equal(e.context?.grpc_code, '8');
        const retry = Number(e.context?.retry_after);
        assert.ok(retry >= 1 && retry <= 60, JSON.stringify(e));
        assert.equal(e.message, `Слишком много действий подряд. Повторите через ${inTime(retry)}.`);
        return true;
      });
    } finally {
      socket.disconnect(false);
    }
    // Another user, and server-to-server calls with the HTTP key, are not affected.
    await ok(rest(ts, boris, 'track_metrics', view('/boris')));
    for (let i = 0; i < 8; i++) await withKey(ts, 'track_metrics', view(`/key-${i}`));
  });

  it('refuse creations of one kind past the hour\'s; other kinds are counted apart', async () => {
    const owner = await registered(ts);
    for (let i = 0; i < 4; i++) await ok(rest(ts, owner, 'create_team', { name: `Команда ${i}` }));
    await limited(rest(ts, owner, 'create_team', { name: 'Пятая' }), /^Слишком много новых записей за час\. /, 3600);
    assert.equal((await ok(rest(ts, owner, 'create_player', { first_name: 'Лев', last_name: 'Яшин' }))).first_name, 'Лев');
  });

  it('count likes and ratings on their own, not in the general writes', async () => {
    const [author, fan] = await Promise.all([registered(ts), registered(ts)]);
    const news = await call(ts, author, 'create_news', { name: 'Победа', description: '<p>Текст</p>' });
    await ok(rest(ts, fan, 'like', { news_id: news.id }));
    await ok(rest(ts, fan, 'unlike', { news_id: news.id }));
    await ok(rest(ts, fan, 'rate_news', { news_id: news.id, rating: 5 }));
    await limited(rest(ts, fan, 'like', { news_id: news.id }), /^Слишком много оценок подряд\. /, 60);
    await ok(rest(ts, fan, 'track_metrics', view('/news')));
  });

  it('count a user\'s chat messages once, by RPC or on the socket, and refuse past the minute\'s on both', async () => {
    const [anna, boris] = await Promise.all([registered(ts), registered(ts)]);
    const chat = await call(ts, anna, 'create_chat', { user_ids: [boris.user_id], direct: true });
    await ok(rest(ts, anna, 'send_message', { chat_id: chat.id, content: 'Привет' }));
    const socket = ts.client().createSocket();
    await socket.connect(anna, false);
    try {
      // A room: the portal's own chats are written through send_message only.
      const channel = await socket.joinChat(`Болельщики ${crypto.randomUUID()}`, 1, true, false);
      await socket.writeChatMessage(channel.id, { text: 'Как дела?' });
      // The third of three: the RPC's message was counted once, not by the portal and the server both.
      await ok(rest(ts, anna, 'send_message', { chat_id: chat.id, content: 'Ты тут?' }));
      await limited(rest(ts, anna, 'send_message', { chat_id: chat.id, content: 'Ау!' }), /^Слишком много сообщений подряд\. /, 60);
      await assert.rejects(socket.writeChatMessage(channel.id, { text: 'Ау!' }), (e: { code: number; context?: Record<string, string> }) =>
        e.code === 3 && e.context?.grpc_code === '8' && Number(e.context?.retry_after) >= 1);
    } finally {
      socket.disconnect(false);
    }
    await ok(rest(ts, boris, 'send_message', { chat_id: chat.id, content: 'Я тут' }));
  });

  it('cap the bytes of stored messages a day: what is stored (trimmed, in UTF-8), not what was sent', async () => {
    const [anna, boris] = await Promise.all([registered(ts), registered(ts)]);
    const chat = await call(ts, anna, 'create_chat', { user_ids: [boris.user_id], direct: true });
    // Stored: {"text":"xxxxxxxxxx"}, 21 bytes, though 200 spaces were sent around it.
    await ok(rest(ts, anna, 'send_message', { chat_id: chat.id, content: `   ${'x'.repeat(10)}${' '.repeat(200)}` }));
    // 35 Cyrillic letters: 81 bytes stored, 102 in all, past the 100 of the day (counted after storing).
    await ok(rest(ts, anna, 'send_message', { chat_id: chat.id, content: 'я'.repeat(35) }));
    await limited(rest(ts, anna, 'send_message', { chat_id: chat.id, content: 'ещё' }), /^Исчерпан суточный объём сообщений\. /, 86_400);
    await ok(rest(ts, boris, 'send_message', { chat_id: chat.id, content: 'А мне можно' }));
  });

  it('cap news items a day, counting only those published', async () => {
    const author = await registered(ts);
    assert.equal((await rest(ts, author, 'create_news', { name: '' })).status, 400);
    await ok(rest(ts, author, 'create_news', { name: 'Первая' }));
    await ok(rest(ts, author, 'create_news', { name: 'Вторая' }));
    await limited(rest(ts, author, 'create_news', { name: 'Третья' }), /^Можно опубликовать не больше 2 новостей за сутки\. /, 86_400);
  });

  it('cap chats created a day: named ones; a direct chat is the pair\'s and counts none', async () => {
    const [anna, boris] = await Promise.all([registered(ts), registered(ts)]);
    await ok(rest(ts, anna, 'create_chat', { user_ids: [boris.user_id], direct: true }));
    await ok(rest(ts, anna, 'create_chat', { name: 'Первый', user_ids: [boris.user_id] }));
    await ok(rest(ts, anna, 'create_chat', { name: 'Второй', user_ids: [boris.user_id] }));
    await limited(rest(ts, anna, 'create_chat', { name: 'Третий', user_ids: [boris.user_id] }), /^Можно создать не больше 2 чатов за сутки\. /, 86_400);
  });
});

describe('limits per client address', () => {
  let ts: TestServer;
  before(async () => {
    ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { LIMIT_WRITES_PER_ADDRESS_MINUTE: '5', LIMIT_WRITES_PER_USER_MINUTE: '3' } });
  });
  after(() => ts.close());

  it('count every user\'s writes from the address; a user refused by their own limit spends none of it', async () => {
    const [anna, boris, vera] = await Promise.all([registered(ts), registered(ts), registered(ts)]);
    for (let i = 0; i < 3; i++) await ok(rest(ts, anna, 'track_metrics', view(`/a${i}`)));
    await limited(rest(ts, anna, 'track_metrics', view('/a')), /^Слишком много действий подряд\. /, 60);
    await ok(rest(ts, boris, 'track_metrics', view('/b1')));
    await ok(rest(ts, boris, 'track_metrics', view('/b2')));
    // Five from the address: the next is refused whoever makes it.
    await limited(rest(ts, vera, 'track_metrics', view('/v')), /^Слишком много действий с вашего адреса\. /, 60);
    await limited(rest(ts, boris, 'track_metrics', view('/b3')), /^Слишком много действий с вашего адреса\. /, 60);
  });
});

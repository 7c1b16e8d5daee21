// Web Push against a push service on loopback that checks the VAPID signature and decrypts the payload:
// subscriptions (only to allowed push services), every notification pushed in Russian with its page, chat
// messages pushed only to participants with no socket open, a 410 forgetting the subscription, a failure
// tried again, and unsubscribing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, eventually, failsWithCode, startPortal, type Portal } from '../testing.ts';
import { startPushService, type TestDevice, type TestPushService } from '../testing-push.ts';

let P: Portal;
let svc: TestPushService;
before(async () => {
  svc = await startPushService();
  P = await startPortal({ PUSH_ALLOWED_ORIGINS: `https://fcm.googleapis.com,${svc.origin}`, VAPID_SUBJECT: 'mailto:ops@tribuna.example' });
});
after(async () => {
  await P.close();
  await svc.close();
});

const subscribe = async (s: Session): Promise<TestDevice> => {
  const d = svc.device();
  await P.call(s, 'register_push_subscription', d);
  return d;
};
const pushesTo = (d: TestDevice) => svc.received.filter((r) => d.endpoint.endsWith(`/${r.device}`)).map((r) => r.payload);
const named = async (name: string): Promise<Session> => {
  const s = await P.registered();
  await P.ts.client().updateAccount(s, { display_name: name });
  return s;
};

describe('subscriptions', () => {
  it('answers the public key browsers subscribe with, the same each time', async () => {
    const s = await P.guest();
    const { public_key } = await P.call(s, 'get_push_public_key', {});
    assert.equal(Buffer.from(public_key, 'base64url').length, 65);
    assert.equal((await P.call(s, 'get_push_public_key', {})).public_key, public_key);
  });

  it('refuses an endpoint outside the allowed push services and keys that are not keys', async () => {
    const s = await P.registered();
    const d = svc.device();
    for (const endpoint of ['https://evil.example/push/1', 'http://127.0.0.1:1/push/1', 'http://169.254.169.254/latest', 'https://user:pw@fcm.googleapis.com/x', 'not a url']) {
      await failsWithCode(P.call(s, 'register_push_subscription', { ...d, endpoint }), Code.Invalid, 'Адрес подписки: это не адрес службы push-уведомлений браузера.');
    }
    await failsWithCode(P.call(s, 'register_push_subscription', { ...d, keys: { ...d.keys, p256dh: 'AAAA' } }), Code.Invalid, 'Ключи подписки: ожидался ключ из 65 байт в base64url.');
    await failsWithCode(P.call(s, 'register_push_subscription', { ...d, keys: { ...d.keys, auth: d.keys.p256dh } }), Code.Invalid, 'Ключи подписки: ожидался ключ из 16 байт в base64url.');
    await failsWithCode(P.call(s, 'register_push_subscription', { endpoint: d.endpoint }), Code.Invalid);
  });
});

describe('notifications on the device', () => {
  it('pushes the portal\'s notifications in Russian with their page, signed with the VAPID key', async () => {
    const owner = await named('Ольга Владелец');
    const device = await subscribe(owner);
    const team = await P.team(owner, { name: 'Пуш Юнайтед' });
    const newcomer = await named('Пётр Новичок');
    await P.call(newcomer, 'request_join_team_player', { team_id: team.id, player_id: (await P.player(newcomer)).id });
    const [push] = await eventually(async () => pushesTo(device), (p) => p.length >= 1);
    assert.deepEqual(push, { title: 'Трибуна', body: 'Пётр Новичок просит принять игрока в команду «Пуш Юнайтед»', url: `/teams/${team.id}/roster` });
    const received = svc.received.find((r) => device.endpoint.endsWith(`/${r.device}`))!;
    assert.equal(received.vapidSubject, 'mailto:ops@tribuna.example');
    assert.ok(received.ttl > 0);
  });

  it('pushes a friend request naming the sender, to every device of the user', async () => {
    const a = await named('Анна Друг');
    const b = await P.registered();
    const [phone, laptop] = [await subscribe(b), await subscribe(b)];
    await P.ts.client().addFriends(a, [b.user_id!]);
    for (const d of [phone, laptop]) {
      const [push] = await eventually(async () => pushesTo(d), (p) => p.length >= 1);
      assert.deepEqual(push, { title: 'Трибуна', body: 'Анна Друг хочет добавить вас в друзья', url: '/?chat=friends' });
    }
  });

  it('a subscription its push service calls gone (410) is forgotten; a failure is tried again', async () => {
    const a = await P.registered();
    const b = await P.registered();
    const gone = await subscribe(b);
    const flaky = await subscribe(b);
    svc.answer(gone, 410);
    svc.answer(flaky, 500);
    await P.ts.client().addFriends(a, [b.user_id!]);
    await eventually(async () => pushesTo(flaky), (p) => p.length === 1);
    assert.equal(svc.posts(flaky), 2);
    assert.equal(svc.posts(gone), 1);
    await P.ts.client().deleteFriends(a, [b.user_id!]);
    await P.ts.client().addFriends(a, [b.user_id!]);
    await eventually(async () => pushesTo(flaky), (p) => p.length === 2);
    assert.equal(svc.posts(gone), 1, 'nothing more is posted to a forgotten subscription');
  });

  it('keeps the 20 newest devices of a user', async () => {
    const a = await P.registered();
    const b = await P.registered();
    const devices: TestDevice[] = [];
    for (let i = 0; i < 21; i++) devices.push(await subscribe(b));
    await P.ts.client().addFriends(a, [b.user_id!]);
    await eventually(async () => devices.slice(1).filter((d) => pushesTo(d).length === 1).length, (n) => n === 20);
    assert.equal(svc.posts(devices[0]), 0, 'the oldest device was let go');
  });

  it('stops after unsubscribing; an unknown subscription is not found', async () => {
    const a = await P.registered();
    const b = await P.registered();
    const d = await subscribe(b);
    await P.call(b, 'unregister_push_subscription', { endpoint: d.endpoint });
    await failsWithCode(P.call(b, 'unregister_push_subscription', { endpoint: d.endpoint }), Code.NotFound, 'Подписка на уведомления не найдена.');
    const other = await subscribe(a);
    await failsWithCode(P.call(b, 'unregister_push_subscription', { endpoint: other.endpoint }), Code.NotFound);
    await P.ts.client().addFriends(a, [b.user_id!]);
    await P.ts.client().addFriends(b, [a.user_id!]);
    await eventually(async () => pushesTo(other), (p) => p.length === 1);
    assert.equal(svc.posts(d), 0);
  });
});

describe('chat messages on the device', () => {
  it('go to a participant with no socket open, and not while they have one', async () => {
    const a = await named('Алексей Пишущий');
    const b = await P.registered();
    const device = await subscribe(b);
    const chat = await P.call(a, 'create_chat', { user_ids: [b.user_id], direct: true });
    await P.call(a, 'send_message', { chat_id: chat.id, content: 'Тренировка в 19:00' });
    const [push] = await eventually(async () => pushesTo(device), (p) => p.length === 1);
    assert.deepEqual(push, { title: 'Алексей Пишущий', body: 'Тренировка в 19:00', url: `/?chat=${encodeURIComponent(chat.id)}` });

    const socket = P.ts.client().createSocket();
    await socket.connect(b, false);
    await P.call(a, 'send_message', { chat_id: chat.id, content: 'Ты на связи?' });
    socket.disconnect(false);
    // Once the server has seen the socket go, messages are pushed again.
    const pushes = await eventually(async () => {
      await P.call(a, 'send_message', { chat_id: chat.id, content: 'Уже не в сети' });
      return pushesTo(device);
    }, (p) => p.length >= 2, 5000);
    assert.equal(pushes[1].body, 'Уже не в сети');
    assert.ok(!pushes.some((x) => x.body === 'Ты на связи?'), 'the message sent while the socket was open was not pushed');
  });

  it('a team chat names the team and the sender', async () => {
    const owner = await named('Тренер Команды');
    const team = await P.team(owner, { name: 'Чатовые' });
    const player = await P.registered();
    await P.member(owner, player, team.id);
    const device = await subscribe(player);
    const chats = await P.call(owner, 'list_chats', {});
    const teamChat = chats.chats.find((c: { type: string }) => c.type === 'team');
    await P.call(owner, 'send_message', { chat_id: teamChat.id, content: 'Сбор в 18:30' });
    const pushes = await eventually(async () => pushesTo(device), (p) => p.some((x) => x.body === 'Тренер Команды: Сбор в 18:30'));
    assert.equal(pushes.find((x) => x.body === 'Тренер Команды: Сбор в 18:30')!.title, 'Чатовые');
  });
});

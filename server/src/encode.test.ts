// The protojson encoder against the contract's JSON rules (shared/nakama-contract.md §1.2): snake_case
// proto names, unpopulated fields omitted, wrappers kept when zero, int64 as strings, JSON-in-string
// fields defaulting to "{}", timestamps as RFC 3339 UTC strings.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GROUP_COLUMNS } from './core/groups.ts';
import { USER_COLUMNS, userColumns } from './core/users.ts';
import {
  friendMsg,
  groupMsg,
  jsonString,
  notificationMsg,
  presenceMsg,
  put,
  putInt64,
  putWrapped,
  storageAckMsg,
  storageObjectMsg,
  timestamp,
  userMsg,
  type GroupRow,
  type Msg,
  type UserRow,
} from './encode.ts';

const T1 = new Date('2024-05-01T12:34:56.789Z');
const T2 = new Date('2024-06-02T01:02:03.000Z');
const USER_ID = '5e3f2a7c-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

function emptyUser(over: Partial<UserRow> = {}): UserRow {
  return {
    id: USER_ID,
    username: 'bob',
    display_name: null,
    avatar_url: null,
    lang_tag: null,
    location: null,
    timezone: null,
    metadata: null,
    facebook_id: null,
    google_id: null,
    gamecenter_id: null,
    steam_id: null,
    apple_id: null,
    facebook_instant_game_id: null,
    edge_count: 0,
    create_time: T1,
    update_time: T2,
    ...over,
  };
}

function emptyGroup(over: Partial<GroupRow> = {}): GroupRow {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    creator_id: null,
    name: 'Спартак',
    description: null,
    avatar_url: null,
    lang_tag: '',
    metadata: undefined,
    open: false,
    edge_count: 0,
    max_count: 0,
    create_time: T1,
    update_time: T2,
    ...over,
  };
}

describe('put (plain proto3 fields)', () => {
  it('leaves out every unpopulated value: undefined, null, false, 0, "", [] and {}', () => {
    const out: Msg = {};
    for (const [i, v] of [undefined, null, false, 0, '', [], {}].entries()) put(out, `field_${i}`, v);
    assert.deepEqual(out, {});
  });

  it('keeps populated values as they are, under the key given', () => {
    const out: Msg = {};
    put(out, 'display_name', 'Иван');
    put(out, 'online', true);
    put(out, 'edge_count', 3);
    put(out, 'negative', -1);
    put(out, 'ids', ['a']);
    put(out, 'nested', { a: 0 });
    assert.deepEqual(out, { display_name: 'Иван', online: true, edge_count: 3, negative: -1, ids: ['a'], nested: { a: 0 } });
  });

  it('writes a Date as a whole-second RFC 3339 UTC timestamp, not as an empty object', () => {
    const out: Msg = {};
    put(out, 'create_time', T1);
    put(out, 'epoch', new Date(0));
    assert.deepEqual(out, { create_time: '2024-05-01T12:34:56Z', epoch: '1970-01-01T00:00:00Z' });
  });
});

describe('putWrapped (google.protobuf wrapper fields)', () => {
  it('keeps zero, false and "" (a set wrapper is always emitted)', () => {
    const out: Msg = {};
    putWrapped(out, 'state', 0);
    putWrapped(out, 'open', false);
    putWrapped(out, 'status', '');
    putWrapped(out, 'code', 7);
    assert.deepEqual(out, { state: 0, open: false, status: '', code: 7 });
  });

  it('leaves out an unset wrapper (undefined or null)', () => {
    const out: Msg = {};
    putWrapped(out, 'state', undefined);
    putWrapped(out, 'open', null);
    assert.deepEqual(out, {});
  });
});

describe('putInt64', () => {
  it('writes numbers, bigints and numeric strings as JSON strings', () => {
    const out: Msg = {};
    putInt64(out, 'score', 42);
    putInt64(out, 'subscore', -5);
    putInt64(out, 'rank', 9007199254740993n);
    putInt64(out, 'rank_count', '12345678901234567890');
    assert.deepEqual(out, { score: '42', subscore: '-5', rank: '9007199254740993', rank_count: '12345678901234567890' });
    assert.equal(typeof out.score, 'string');
  });

  it('leaves out zero (in any form) and unset values', () => {
    const out: Msg = {};
    putInt64(out, 'a', 0);
    putInt64(out, 'b', 0n);
    putInt64(out, 'c', '0');
    putInt64(out, 'd', null);
    putInt64(out, 'e', undefined);
    assert.deepEqual(out, {});
  });
});

describe('timestamp', () => {
  it('is RFC 3339 in UTC with whole seconds, from a Date, an ISO string or epoch milliseconds', () => {
    assert.equal(timestamp(T1), '2024-05-01T12:34:56Z');
    assert.equal(timestamp('2024-05-01T15:34:56.999+03:00'), '2024-05-01T12:34:56Z');
    assert.equal(timestamp(Date.UTC(2030, 0, 2, 3, 4, 5, 600)), '2030-01-02T03:04:05Z');
    assert.match(timestamp(new Date()), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});

describe('jsonString (JSON inside a string)', () => {
  it('defaults to "{}" when there is nothing', () => {
    assert.equal(jsonString(undefined), '{}');
    assert.equal(jsonString(null), '{}');
  });

  it('serialises an object, and passes a string through unchanged', () => {
    assert.equal(jsonString({ a: 1, b: 'в' }), '{"a":1,"b":"в"}');
    assert.equal(jsonString({}), '{}');
    assert.equal(jsonString('{"raw":true}'), '{"raw":true}');
  });
});

describe('column lists', () => {
  it('name exactly the fields of a user row, optionally qualified by an alias', () => {
    const fields = Object.keys(emptyUser()).sort();
    assert.deepEqual(USER_COLUMNS.split(', ').sort(), fields);
    assert.equal(userColumns(), USER_COLUMNS);
    assert.deepEqual(userColumns('u').split(', ').sort(), fields.map((f) => `u.${f}`));
  });

  it('name exactly the fields of a group row, qualified by g', () => {
    const cols = GROUP_COLUMNS.split(',').map((c) => c.trim()).sort();
    assert.deepEqual(cols, Object.keys(emptyGroup()).map((f) => `g.${f}`).sort());
  });
});

describe('message encoders', () => {
  it('userMsg: snake_case names, empties left out, metadata "{}" by default, times as timestamps', () => {
    assert.deepEqual(userMsg(emptyUser(), false), {
      id: USER_ID,
      username: 'bob',
      metadata: '{}',
      create_time: '2024-05-01T12:34:56Z',
      update_time: '2024-06-02T01:02:03Z',
    });
    const full = userMsg(
      emptyUser({
        display_name: 'Боб',
        avatar_url: 'https://x/a.webp',
        lang_tag: 'ru',
        location: 'Москва',
        timezone: 'Europe/Moscow',
        metadata: { team: 'Спартак' },
        facebook_id: 'fb',
        google_id: 'g',
        gamecenter_id: 'gc',
        steam_id: 'st',
        apple_id: 'ap',
        facebook_instant_game_id: 'fbi',
        edge_count: 2,
      }),
      true,
    );
    assert.deepEqual(full, {
      id: USER_ID,
      username: 'bob',
      display_name: 'Боб',
      avatar_url: 'https://x/a.webp',
      lang_tag: 'ru',
      location: 'Москва',
      timezone: 'Europe/Moscow',
      metadata: '{"team":"Спартак"}',
      facebook_id: 'fb',
      google_id: 'g',
      gamecenter_id: 'gc',
      steam_id: 'st',
      online: true,
      edge_count: 2,
      create_time: '2024-05-01T12:34:56Z',
      update_time: '2024-06-02T01:02:03Z',
      facebook_instant_game_id: 'fbi',
      apple_id: 'ap',
    });
  });

  it('presenceMsg: ids and username always, persistence only when true, status (a StringValue) whenever set', () => {
    const base = { userId: USER_ID, sessionId: 's1', username: 'bob' };
    assert.deepEqual(presenceMsg(base), { user_id: USER_ID, session_id: 's1', username: 'bob' });
    assert.deepEqual(presenceMsg({ ...base, persistence: false, status: '' }), { user_id: USER_ID, session_id: 's1', username: 'bob', status: '' });
    assert.deepEqual(presenceMsg({ ...base, persistence: true, status: 'в игре' }), {
      user_id: USER_ID,
      session_id: 's1',
      username: 'bob',
      persistence: true,
      status: 'в игре',
    });
  });

  it('notificationMsg: content "{}" by default, code 0, no sender and not persistent left out', () => {
    const n = { id: 'n1', subject: 'Привет', content: null, code: 0, senderId: null, createTime: T1, persistent: false };
    assert.deepEqual(notificationMsg(n), { id: 'n1', subject: 'Привет', content: '{}', create_time: '2024-05-01T12:34:56Z' });
    assert.deepEqual(notificationMsg({ ...n, content: { a: 1 }, code: -2, senderId: USER_ID, persistent: true }), {
      id: 'n1',
      subject: 'Привет',
      content: '{"a":1}',
      code: -2,
      sender_id: USER_ID,
      create_time: '2024-05-01T12:34:56Z',
      persistent: true,
    });
  });

  it('groupMsg: open (a BoolValue) kept when false, metadata "{}", zero counts left out', () => {
    assert.deepEqual(groupMsg(emptyGroup()), {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      name: 'Спартак',
      metadata: '{}',
      open: false,
      create_time: '2024-05-01T12:34:56Z',
      update_time: '2024-06-02T01:02:03Z',
    });
    const g = groupMsg(emptyGroup({ creator_id: USER_ID, description: 'd', avatar_url: 'a', lang_tag: 'ru', metadata: { x: 1 }, open: true, edge_count: 1, max_count: 100 }));
    assert.deepEqual(g, {
      id: 'a1b2c3d4-0000-4000-8000-000000000001',
      creator_id: USER_ID,
      name: 'Спартак',
      description: 'd',
      lang_tag: 'ru',
      metadata: '{"x":1}',
      avatar_url: 'a',
      open: true,
      edge_count: 1,
      max_count: 100,
      create_time: '2024-05-01T12:34:56Z',
      update_time: '2024-06-02T01:02:03Z',
    });
  });

  it('friendMsg: state (an Int32Value) kept when 0, the user nested, metadata "{}"', () => {
    const f = friendMsg({ user: emptyUser(), online: true, state: 0, updateTime: T2, metadata: undefined });
    assert.deepEqual(f, {
      user: { id: USER_ID, username: 'bob', metadata: '{}', online: true, create_time: '2024-05-01T12:34:56Z', update_time: '2024-06-02T01:02:03Z' },
      state: 0,
      update_time: '2024-06-02T01:02:03Z',
      metadata: '{}',
    });
    assert.equal(friendMsg({ user: emptyUser(), online: false, state: 3, updateTime: T2, metadata: { m: true } }).metadata, '{"m":true}');
  });

  it('storageObjectMsg and storageAckMsg: the value as stored, permissions 0 left out, times as timestamps', () => {
    const o = {
      collection: 'c',
      key: 'k',
      userId: USER_ID,
      value: '{"v":1}',
      version: 'abc',
      permissionRead: 0,
      permissionWrite: 0,
      createTime: T1,
      updateTime: T2,
    };
    assert.deepEqual(storageObjectMsg(o), {
      collection: 'c',
      key: 'k',
      user_id: USER_ID,
      value: '{"v":1}',
      version: 'abc',
      create_time: '2024-05-01T12:34:56Z',
      update_time: '2024-06-02T01:02:03Z',
    });
    assert.deepEqual(storageObjectMsg({ ...o, permissionRead: 2, permissionWrite: 1 }), {
      collection: 'c',
      key: 'k',
      user_id: USER_ID,
      value: '{"v":1}',
      version: 'abc',
      permission_read: 2,
      permission_write: 1,
      create_time: '2024-05-01T12:34:56Z',
      update_time: '2024-06-02T01:02:03Z',
    });
    assert.deepEqual(storageAckMsg({ collection: 'c', key: 'k', userId: '', version: 'v1', createTime: T1, updateTime: T2 }), {
      collection: 'c',
      key: 'k',
      version: 'v1',
      create_time: '2024-05-01T12:34:56Z',
      update_time: '2024-06-02T01:02:03Z',
    });
  });
});

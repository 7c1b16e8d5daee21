// A Replica answers every read as a Tracker given the same changes would, socket presences included.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Replica } from './replica.ts';
import { stream, StreamMode, Tracker, type Stream, type TrackedPresence } from './tracker.ts';

const notif = (u: string) => stream(StreamMode.Notifications, u);
const room = stream(StreamMode.Channel, '', '', 'lobby');
const status = (u: string) => stream(StreamMode.Status, u);

type Op = ['+', TrackedPresence] | ['-', string, Stream] | ['x', Stream];
const socket = (sid: string, u: string, username = `name of ${u}`): Op => ['+', { userId: u, sessionId: sid, stream: notif(u), username, hidden: true }];

const ops: Op[] = [
  socket('s1', 'u1', 'anna maria'),
  socket('s2', 'u1'),
  socket('s3', 'u2'),
  ['+', { userId: 'u1', sessionId: 's1', stream: room, username: 'anna' }],
  ['+', { userId: 'u2', sessionId: 's3', stream: room, username: 'boris', persistence: true }],
  ['+', { userId: 'u2', sessionId: 's3', stream: status('u2'), username: 'boris', status: 'на поле' }],
  // A module's own presence on a notification stream is not a socket's: kept as it is.
  ['+', { userId: 'u3', sessionId: 's4', stream: notif('u3'), username: 'vera' }],
  ['+', { userId: 'u3', sessionId: 's5', stream: notif('u3'), username: 'vera', hidden: true, status: 'x' }],
  ['+', { userId: 'u1', sessionId: 's6', stream: stream(StreamMode.Notifications, 'u1', 'sub'), username: 'anna', hidden: true }],
  socket('s7', 'u4'),
  ['+', { userId: 'u1', sessionId: 's1', stream: status('u1'), username: 'anna maria', status: '' }],
  ['+', { userId: 'u1', sessionId: 's2', stream: status('u1'), username: 'name of u1', status: 'на поле' }],
  ['+', { userId: 'u1', sessionId: 's1', stream: status('u1'), username: 'anna maria', status: 'в пути' }],
  // Another username than the socket's, a hidden status, a status of another user: kept as they are.
  ['+', { userId: 'u4', sessionId: 's7', stream: status('u4'), username: 'someone', status: '' }],
  ['+', { userId: 'u3', sessionId: 's4', stream: status('u3'), username: 'vera', status: '', hidden: true }],
  ['+', { userId: 'u2', sessionId: 's3', stream: status('u1'), username: 'name of u2', hidden: true }],
];

function apply(op: Op, tracker: Tracker, replica: Replica): void {
  if (op[0] === '+') {
    const { userId, sessionId, stream: s, ...meta } = op[1];
    tracker.update(sessionId, s, userId, meta);
    replica.set(op[1]);
  } else if (op[0] === '-') {
    assert.equal(replica.untrack(op[1], op[2]), tracker.untrack(op[1], op[2]), `untrack ${op[1]}`);
  } else {
    tracker.untrackStream(op[1]);
    replica.untrackStream(op[1]);
  }
}

const byKey = (a: { sessionId?: string; subject?: string; mode?: number }, b: typeof a) =>
  JSON.stringify(a).localeCompare(JSON.stringify(b));
const sorted = <T extends object>(xs: T[]) => [...xs].sort(byKey as (a: T, b: T) => number);

function same(tracker: Tracker, replica: Replica, when: string): void {
  const streams = [notif('u1'), notif('u2'), notif('u3'), notif('u4'), notif('nobody'), stream(StreamMode.Notifications, 'u1', 'sub'), room, status('u1'), status('u2'), status('u3'), status('u4')];
  for (const s of streams) {
    const what = `${when}: ${JSON.stringify(s)}`;
    assert.deepEqual(sorted(replica.list(s, true)), sorted(tracker.list(s, true)), `list hidden ${what}`);
    assert.deepEqual(sorted(replica.list(s)), sorted(tracker.list(s)), `list ${what}`);
    assert.equal(replica.count(s), tracker.count(s), `count ${what}`);
    assert.equal(replica.exists(s), tracker.exists(s), `exists ${what}`);
    for (const sid of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']) assert.deepEqual(replica.get(sid, s), tracker.get(sid, s), `get ${sid} ${what}`);
  }
  for (const sid of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']) {
    for (const mode of [undefined, StreamMode.Notifications, StreamMode.Channel, StreamMode.Status]) {
      assert.deepEqual(sorted(replica.sessionPresences(sid, mode)), sorted(tracker.sessionPresences(sid, mode)), `${when}: presences of ${sid} (${mode})`);
    }
  }
  for (const mode of Object.values(StreamMode)) {
    assert.deepEqual(sorted(replica.listStreams(mode)), sorted(tracker.listStreams(mode)), `${when}: streams of mode ${mode}`);
  }
}

describe('Replica', () => {
  it('answers every read as a Tracker, through additions, replacements and removals', () => {
    const tracker = new Tracker();
    const replica = new Replica();
    same(tracker, replica, 'empty');
    for (const [i, op] of ops.entries()) {
      apply(op, tracker, replica);
      same(tracker, replica, `after op ${i}`);
    }
    const later: Op[] = [
      // The socket's username changes: its status keeps the old one.
      socket('s1', 'u1', 'anna'),
      ['-', 's2', status('u1')],
      ['+', { userId: 'u1', sessionId: 's2', stream: status('u1'), username: 'name of u1', status: 'снова' }],
      // A socket closes: its status goes first, or after.
      ['-', 's2', notif('u1')],
      ['-', 's2', status('u1')],
      ['x', status('u4')],
      // A socket presence replaced by one with a status is no longer a plain socket presence, and back.
      ['+', { userId: 'u1', sessionId: 's2', stream: notif('u1'), username: 'anna', hidden: true, status: 'away' }],
      socket('s2', 'u1', 'anna'),
      ['-', 's1', notif('u1')],
      ['-', 's1', notif('u1')],
      ['-', 's3', notif('u1')],
      ['-', 's1', room],
      ['x', notif('u3')],
      ['x', notif('u4')],
      ['-', 's2', notif('u1')],
      ['x', room],
    ];
    for (const [i, op] of later.entries()) {
      apply(op, tracker, replica);
      same(tracker, replica, `after later op ${i}`);
    }
  });
});

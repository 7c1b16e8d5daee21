// Match events: who may post and delete them, players on the team named, the minute order, and the live
// feed: events, deletions and results reaching every socket watching the match (a guest's too) within a
// second, over the official client's socket.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session, Socket, StreamData } from '@heroiclabs/nakama-js';
import { friendly, side, startLeaguePortal, type Side } from '../testing-league.ts';
import { Code, failsWithCode, type Any, type Portal } from '../testing.ts';

let p: Portal;
let home: Side;
let guest: Side;
let stranger: Session;
let matchId: string;

before(async () => {
  p = await startLeaguePortal();
  [home, guest] = [await side(p, 3), await side(p, 2)];
  stranger = await p.registered();
  matchId = await friendly(p, home, guest);
});
after(() => p.close());

const add = (s: Session, input: object) => p.call(s, 'add_match_event', { match_id: matchId, ...input });
const list = async (id = matchId) => (await p.call(stranger, 'list_match_events', { match_id: id })).events;

describe('match events', () => {
  it('are posted by a manager of the event’s team only, for one of the match’s teams', async () => {
    await failsWithCode(add(stranger, { minute: 1, type: 'period_start', team_id: home.teamId }), Code.Denied);
    await failsWithCode(add(guest.owner, { minute: 5, type: 'goal', team_id: home.teamId }), Code.Denied, /владелец или администратор этой команды/);
    const other = await p.team(home.owner);
    await failsWithCode(add(home.owner, { minute: 5, type: 'goal', team_id: other.id }), Code.Invalid, 'Команда: эта команда не играет в матче.');
    await failsWithCode(p.call(guest.owner, 'add_match_event', { match_id: crypto.randomUUID(), minute: 1, type: 'goal', team_id: guest.teamId }), Code.NotFound);
    await failsWithCode(p.call(await p.guest(), 'add_match_event', { match_id: matchId, minute: 1, type: 'goal', team_id: guest.teamId }), Code.Denied);
  });

  it('name players of the team named, as each type allows', async () => {
    const [scorer, assistant, sub] = home.players;
    await failsWithCode(add(home.owner, { minute: 10, type: 'goal', team_id: home.teamId, player_id: guest.players[0] }), Code.Invalid, 'Игрок не состоит в команде, указанной в событии.');
    await failsWithCode(add(home.owner, { minute: 10, type: 'yellow', team_id: home.teamId }), Code.Invalid, 'Игрок: укажите игрока.');
    await failsWithCode(add(home.owner, { minute: 10, type: 'sub', team_id: home.teamId, player_id: sub }), Code.Invalid, /^Заменённый игрок: /);
    await failsWithCode(add(home.owner, { minute: 10, type: 'sub', team_id: home.teamId, player_id: sub, player_out_id: guest.players[0] }), Code.Invalid, 'Игрок не состоит в команде, указанной в событии.');
    await failsWithCode(add(home.owner, { minute: 10, type: 'penalty_goal', team_id: home.teamId, player_id: scorer, assist_player_id: assistant }), Code.Invalid, /^Голевая передача: /);
    await failsWithCode(add(home.owner, { minute: 10, type: 'goal', team_id: home.teamId, player_id: scorer, assist_player_id: scorer }), Code.Invalid, 'Один и тот же игрок указан в событии дважды.');
    await failsWithCode(add(home.owner, { minute: 131, type: 'goal', team_id: home.teamId }), Code.Invalid, 'Минута: ожидалось целое число от 0 до 130.');
    await failsWithCode(add(home.owner, { minute: 1, type: 'corner', team_id: home.teamId }), Code.Invalid, /^Тип: /);
    // A player who is only asking to join is not on the team yet.
    const asking = await p.registered();
    const hopeful = await p.player(asking);
    await p.call(asking, 'request_join_team_player', { team_id: home.teamId, player_id: hopeful.id });
    await failsWithCode(add(home.owner, { minute: 10, type: 'yellow', team_id: home.teamId, player_id: hopeful.id }), Code.Invalid, 'Игрок не состоит в команде, указанной в событии.');
    const e = await add(home.owner, { minute: 10, type: 'goal', team_id: home.teamId, player_id: scorer, assist_player_id: assistant });
    assert.deepEqual([e.type, e.player_id, e.assist_player_id, e.creator_id], ['goal', scorer, assistant, home.owner.user_id]);
    await p.call(home.owner, 'delete_match_event', { id: e.id });
  });

  it('are listed in minute order whatever the order they were posted in, and deleted by their team’s managers', async () => {
    const id = await friendly(p, home, guest);
    const post = (s: Session, input: object) => p.call(s, 'add_match_event', { match_id: id, ...input });
    await post(home.owner, { minute: 47, type: 'goal', team_id: home.teamId, player_id: home.players[0] });
    await post(guest.owner, { minute: 12, type: 'yellow', team_id: guest.teamId, player_id: guest.players[1] });
    await post(home.owner, { minute: 0, type: 'period_start', team_id: home.teamId });
    const late = await post(guest.owner, { minute: 90, type: 'sub', team_id: guest.teamId, player_id: guest.players[0], player_out_id: guest.players[1] });
    assert.deepEqual((await list(id)).map((e: Any) => [e.minute, e.type]), [[0, 'period_start'], [12, 'yellow'], [47, 'goal'], [90, 'sub']]);
    await failsWithCode(p.call(home.owner, 'delete_match_event', { id: late.id }), Code.Denied);
    await failsWithCode(p.call(stranger, 'delete_match_event', { id: late.id }), Code.Denied);
    await p.call(guest.owner, 'delete_match_event', { id: late.id });
    assert.deepEqual((await list(id)).map((e: Any) => e.minute), [0, 12, 47]);
    await failsWithCode(p.call(guest.owner, 'delete_match_event', { id: late.id }), Code.NotFound, 'Событие матча не найдено.');
  });
});

/** A socket of the session, connected over JSON, and the stream data it receives. */
async function watcher(s: Session): Promise<{ socket: Socket; next: (test?: (d: Any) => boolean) => Promise<Any> }> {
  const socket = p.ts.client().createSocket();
  await socket.connect(s, false);
  const received: Any[] = [];
  let wake: () => void = () => {};
  socket.onstreamdata = (d: StreamData) => {
    received.push({ ...JSON.parse(d.data), stream: d.stream });
    wake();
  };
  // The next message that passes test, within a second of the call.
  const next = async (test: (d: Any) => boolean = () => true) => {
    const end = Date.now() + 1000;
    for (;;) {
      const i = received.findIndex(test);
      if (i !== -1) return received.splice(i, 1)[0];
      const left = end - Date.now();
      assert.ok(left > 0, `nothing within a second; received ${JSON.stringify(received)}`);
      await new Promise<void>((r) => {
        const t = setTimeout(r, left);
        wake = () => (clearTimeout(t), r());
      });
    }
  };
  return { socket, next };
}

describe('the live feed', () => {
  it('reaches every socket watching the match, a guest’s too, within a second', async () => {
    const id = await friendly(p, home, guest);
    const fan = await watcher(stranger);
    const guestFan = await watcher(await p.guest());
    const elsewhere = await watcher(await p.registered());
    for (const w of [fan, guestFan]) assert.deepEqual(JSON.parse((await w.socket.rpc('watch_match', JSON.stringify({ match_id: id }))).payload!), {});
    // Watching another match hears nothing of this one.
    await elsewhere.socket.rpc('watch_match', JSON.stringify({ match_id: matchId }));

    const goal = await p.call(home.owner, 'add_match_event', { match_id: id, minute: 23, type: 'goal', team_id: home.teamId, player_id: home.players[0] });
    for (const w of [fan, guestFan]) {
      const m = await w.next();
      assert.deepEqual([m.kind, m.match_id, m.event.id, m.event.minute, m.score], ['event', id, goal.id, 23, { home: 1, guest: 0 }]);
      assert.equal(m.stream.subject, id);
    }
    const own = await p.call(guest.owner, 'add_match_event', { match_id: id, minute: 30, type: 'own_goal', team_id: guest.teamId, player_id: guest.players[0] });
    assert.deepEqual((await fan.next()).score, { home: 2, guest: 0 }, 'an own goal counts for the other team');
    await guestFan.next();

    await p.call(guest.owner, 'delete_match_event', { id: own.id });
    for (const w of [fan, guestFan]) {
      const { stream, ...m } = await w.next();
      assert.deepEqual(m, { kind: 'event_deleted', match_id: id, id: own.id, score: { home: 1, guest: 0 } });
      assert.equal(stream.mode, 120);
    }

    await p.call(home.owner, 'set_match_result', { match_id: id, home_score: 1, guest_score: 0 });
    for (const w of [fan, guestFan]) {
      const m = await w.next();
      assert.deepEqual([m.kind, m.result_state, m.home_score, m.guest_score], ['result', 'reported', 1, 0]);
    }
    await p.call(guest.owner, 'confirm_match_result', { match_id: id });
    assert.equal((await fan.next()).result_state, 'confirmed');
    await guestFan.next();

    // Unwatched, a socket hears no more.
    await fan.socket.rpc('unwatch_match', JSON.stringify({ match_id: id }));
    await p.call(home.owner, 'add_match_event', { match_id: id, minute: 90, type: 'period_end', team_id: home.teamId });
    assert.equal((await guestFan.next()).event.type, 'period_end');
    await assert.rejects(fan.next(), /nothing within a second/);
    await assert.rejects(elsewhere.next(), /nothing within a second/);
    for (const w of [fan, guestFan, elsewhere]) w.socket.disconnect(false);
  });

  it('is joined over the socket only, for a match that exists', async () => {
    await failsWithCode(p.call(stranger, 'watch_match', { match_id: matchId }), Code.Precondition, /только через соединение реального времени/);
    const w = await watcher(stranger);
    await assert.rejects(w.socket.rpc('watch_match', JSON.stringify({ match_id: crypto.randomUUID() })), (e: Any) => e.message === 'Матч не найден.');
    w.socket.disconnect(false);
  });
});

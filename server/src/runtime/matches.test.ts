// Authoritative matches driven by a module's match handler, through nk and the official client on
// both socket formats: init with tick rate and label, join attempts with metadata and refusals, joins,
// leaves and kicks, the loop with its messages, broadcasts, label updates, signals, a handler that
// throws, termination, and the matchmaker-matched hook.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MatchData, MatchmakerMatched, MatchPresenceEvent } from '@heroiclabs/nakama-js';
import { errorOf, startTestServer, type TestServer } from '../testing/index.ts';
import { connectSocket, FORMATS, type TestSocket, type WireFormat } from '../testing/sockets.ts';
import type { Logger } from '../log.ts';
import type { MatchHandler } from './match-types.ts';
import type { RuntimeModule } from './types.ts';

interface ArenaState {
  log: string[];
}

const terminated: string[] = [];
const errors: Array<{ msg: string; fields?: Record<string, unknown> }> = [];
const logger: Logger = { debug() {}, info() {}, warn() {}, error: (msg, fields) => void errors.push({ msg, fields }) };

const arena: MatchHandler<ArenaState> = {
  matchInit: (_ctx, params) => ({ state: { log: [] }, tickRate: (params.tickRate as number) ?? 20, label: (params.label as string) ?? '{"mode":"ffa","skill":10}' }),
  async matchJoinAttempt(_ctx, _d, _tick, state, presence, metadata) {
    await new Promise((r) => setTimeout(r, 5));
    if (metadata.role === 'boom') throw new Error('join attempt failed');
    if (metadata.role === 'spy') return { state, accept: false, rejectMessage: 'no spies' };
    state.log.push(`attempt ${presence.username} ${metadata.team ?? ''}`);
    return { state, accept: true };
  },
  matchJoin(_ctx, dispatcher, _tick, state, presences) {
    for (const p of presences) {
      state.log.push(`join ${p.username}`);
      dispatcher.broadcastMessageDeferred(100, `welcome ${p.username}`, [p]);
    }
    return { state };
  },
  matchLeave(_ctx, _d, _tick, state, presences) {
    for (const p of presences) state.log.push(`leave ${p.username}`);
    return { state };
  },
  matchLoop(_ctx, dispatcher, _tick, state, messages) {
    for (const m of messages) {
      const text = new TextDecoder().decode(m.data);
      if (text === 'throw') throw new Error('loop failed');
      if (text === 'end') return null;
      if (text === 'kick') dispatcher.matchKick([m.sender]);
      if (text.startsWith('label ')) dispatcher.matchLabelUpdate(text.slice(6));
      dispatcher.broadcastMessage(200, `echo ${m.opCode} ${text}`, [m.sender]);
      if (text === 'all') dispatcher.broadcastMessage(201, 'to everyone', null, m.sender, false);
    }
    return { state };
  },
  matchTerminate(ctx, _d, _tick, state) {
    terminated.push(ctx.matchId);
    return { state };
  },
  matchSignal(_ctx, _d, _tick, state, data) {
    if (data === 'throw') throw new Error('signal failed');
    return { state, data: data === 'log' ? JSON.stringify(state.log) : `got ${data}` };
  },
};

const broken: MatchHandler = {
  ...(arena as MatchHandler),
  matchInit: () => {
    throw new Error('init failed');
  },
};

const testModule: RuntimeModule = {
  name: 'match-test',
  init(initializer, nk) {
    const call = (id: string, fn: (a: Record<string, never>) => unknown) =>
      initializer.registerRpc(id, async (_ctx, payload) => JSON.stringify((await fn(JSON.parse(payload || '{}'))) ?? null));
    initializer.registerMatch('arena', arena);
    initializer.registerMatch('broken', broken);
    call('create', (a) => nk.matchCreate(a.handler ?? 'arena', a.params));
    call('get', (a) => nk.matchGet(a.id));
    call('list', (a) => nk.matchList(a.limit, a.authoritative, a.label, a.minSize, a.maxSize, a.query));
    call('signal', (a) => nk.matchSignal(a.id, a.data));
    initializer.registerMatchmakerMatched(async (matched) => {
      const how = matched[0].properties.hook;
      if (how === 'throw') throw new Error('hook failed');
      if (how === 'create') return nk.matchCreate('arena', { label: JSON.stringify({ players: matched.map((m) => m.presence.username) }) });
      return undefined;
    });
  },
};

let ts: TestServer;
const open: TestSocket[] = [];
before(async () => {
  ts = await startTestServer({ modules: [testModule], logger, env: { MATCHMAKER_INTERVAL_MS: '50' } });
});
after(async () => {
  open.forEach((s) => s.close());
  const running = await rpc('list', { limit: 100, authoritative: true });
  await ts.close();
  // Stopping the server terminates every running match.
  for (const m of running as Array<{ matchId: string }>) assert.ok(terminated.includes(m.matchId), m.matchId);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rpc(id: string, args: object): Promise<any> {
  const s = await ts.newSession();
  return (await ts.client().rpc(s, id, args)).payload;
}

async function player(format: WireFormat): Promise<TestSocket> {
  const s = await connectSocket(ts, await ts.newSession(), format);
  open.push(s);
  return s;
}

const text = (d: MatchData) => new TextDecoder().decode(d.data);

/** Resolves once the match is gone (its end is not announced to its players). */
async function ended(id: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if ((await rpc('get', { id })) === null) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`match ${id} still running`);
}
const rejected = (code: number, message?: string) => (e: { code: number; message: string }) => e.code === code && (!message || e.message === message);

describe('nk matches', () => {
  it('matchCreate runs matchInit on this node; matchGet and matchList show tick rate, label and handler', async () => {
    const id: string = await rpc('create', { params: { tickRate: 5, label: '{"mode":"duel","skill":70}' } });
    assert.match(id, new RegExp(`^[0-9a-f-]{36}\\.${ts.config.nodeName}$`));
    assert.deepEqual(await rpc('get', { id }), { matchId: id, authoritative: true, label: '{"mode":"duel","skill":70}', size: 0, tickRate: 5, handlerName: 'arena' });
    assert.equal(await rpc('get', { id: `${crypto.randomUUID()}.${ts.config.nodeName}` }), null);
    const listed = await rpc('list', { limit: 100, authoritative: true, query: '+label.mode:duel +label.skill:>=70' });
    assert.ok(listed.some((m: { matchId: string }) => m.matchId === id));
    const s = await ts.newSession();
    const rest = await ts.client().listMatches(s, 100, true, '{"mode":"duel","skill":70}');
    assert.deepEqual(rest.matches?.find((m) => m.match_id === id), { match_id: id, authoritative: true, label: '{"mode":"duel","skill":70}', tick_rate: 5, handler_name: 'arena' });
  });

  it('matchCreate refuses unknown handlers, a failing matchInit and bad params', async () => {
    const s = await ts.newSession();
    assert.equal((await errorOf(ts.client().rpc(s, 'create', { handler: 'nope' }))).status, 404);
    assert.equal((await errorOf(ts.client().rpc(s, 'create', { handler: 'broken' }))).status, 500);
    assert.equal((await errorOf(ts.client().rpc(s, 'create', { params: { tickRate: 0 } }))).status, 400);
    assert.equal((await errorOf(ts.client().rpc(s, 'create', { params: { label: 'x'.repeat(2049) } }))).status, 400);
  });

  it('matchSignal reaches the handler and brings back its answer', async () => {
    const id = await rpc('create', {});
    assert.equal(await rpc('signal', { id, data: 'hello' }), 'got hello');
    const s = await ts.newSession();
    assert.equal((await errorOf(ts.client().rpc(s, 'signal', { id: `${crypto.randomUUID()}.${ts.config.nodeName}`, data: 'x' }))).status, 404);
    assert.equal((await errorOf(ts.client().rpc(s, 'signal', { id: `${crypto.randomUUID()}.`, data: 'x' }))).status, 404);
  });
});

for (const format of FORMATS) {
  describe(`authoritative matches (${format})`, () => {
    it('a join attempt sees the metadata; accepted players are told the label and welcomed, the others see them join', async () => {
      const id = await rpc('create', {});
      const [a, b] = [await player(format), await player(format)];
      const m = await a.socket.joinMatch(id, undefined, { team: 'red' });
      assert.equal(m.match_id, id);
      assert.ok(m.authoritative);
      assert.equal(m.label, '{"mode":"ffa","skill":10}');
      assert.equal(m.size, 1);
      const welcome = await a.next<MatchData>('match_data');
      assert.equal(welcome.op_code, 100);
      assert.equal(text(welcome), `welcome ${a.session.username}`);
      assert.equal(welcome.presence, undefined);
      await b.socket.joinMatch(id);
      await a.next('match_presence_event', (e: MatchPresenceEvent) => e.joins?.some((p) => p.user_id === b.session.user_id));
      assert.deepEqual(JSON.parse(await rpc('signal', { id, data: 'log' })).slice(0, 2), [`attempt ${a.session.username} red`, `join ${a.session.username}`]);
      assert.equal((await rpc('get', { id })).size, 2);
    });

    it('a refused join gets the handler\'s reason; an ended match is not found', async () => {
      const id = await rpc('create', {});
      const a = await player(format);
      await assert.rejects(a.socket.joinMatch(id, undefined, { role: 'spy' }), rejected(5, 'no spies'));
      await rpc('signal', { id, data: 'x' });
      await assert.rejects(a.socket.joinMatch(`${crypto.randomUUID()}.${ts.config.nodeName}`), rejected(4, 'Match not found'));
    });

    it('the loop gets the tick\'s messages and answers the sender; broadcasts reach everyone', async () => {
      const id = await rpc('create', {});
      const [a, b] = [await player(format), await player(format)];
      await a.socket.joinMatch(id);
      await b.socket.joinMatch(id);
      await a.socket.sendMatchState(id, 7, 'ping');
      const echo = await a.next<MatchData>('match_data', (d: MatchData) => d.op_code === 200);
      assert.equal(text(echo), 'echo 7 ping');
      await a.socket.sendMatchState(id, 8, 'all');
      for (const r of [a, b]) {
        const d = await r.next<MatchData>('match_data', (x: MatchData) => x.op_code === 201);
        assert.equal(text(d), 'to everyone');
        assert.equal(d.presence?.user_id, a.session.user_id);
      }
      assert.equal(b.pending('match_data').filter((d) => (d as MatchData).op_code === 200).length, 0);
    });

    it('a label update shows in listings at once', async () => {
      const id = await rpc('create', {});
      const a = await player(format);
      await a.socket.joinMatch(id);
      const tag = `t${Math.random().toString(36).slice(2, 8)}`;
      await a.socket.sendMatchState(id, 1, `label {"mode":"duel","tag":"${tag}"}`);
      await a.next('match_data', (d: MatchData) => d.op_code === 200);
      const found = await ts.client().listMatches(a.session, 10, true, '', 0, 100, `+label.tag:${tag}`);
      assert.deepEqual(found.matches?.map((m) => m.match_id), [id]);
    });

    it('leaving, being kicked and disconnecting all reach matchLeave', async () => {
      const id = await rpc('create', {});
      const [a, b, c] = [await player(format), await player(format), await player(format)];
      for (const s of [a, b, c]) await s.socket.joinMatch(id);
      await a.socket.leaveMatch(id);
      await b.socket.sendMatchState(id, 1, 'kick');
      await c.next('match_presence_event', (e: MatchPresenceEvent) => e.leaves?.some((p) => p.user_id === b.session.user_id));
      c.close();
      const names = [a, b, c].map((s) => `leave ${s.session.username}`);
      for (let i = 0; i < 50; i++) {
        const log: string[] = JSON.parse(await rpc('signal', { id, data: 'log' }));
        if (names.every((n) => log.includes(n))) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.fail('matchLeave did not hear of every player');
    });
  });
}

describe('a handler that throws', () => {
  it('ends its match with a log line, and nothing else', async () => {
    const [id, other] = [await rpc('create', {}), await rpc('create', {})];
    const a = await player('json');
    await a.socket.joinMatch(id);
    await a.socket.sendMatchState(id, 1, 'throw');
    await ended(id);
    const line = errors.find((e) => e.fields?.match_id === id);
    assert.equal(line?.msg, 'match handler failed; the match ends');
    assert.equal(line?.fields?.callback, 'matchLoop');
    // A join attempt or a signal that throws ends its match too; the other match runs on.
    await assert.rejects(a.socket.joinMatch(other, undefined, { role: 'boom' }), rejected(4));
    assert.equal(await rpc('get', { id: other }), null);
    const third = await rpc('create', {});
    assert.equal((await errorOf(ts.client().rpc(a.session, 'signal', { id: third, data: 'throw' }))).status, 404);
    assert.equal(errors.filter((e) => e.msg === 'match handler failed; the match ends').length, 3);
    assert.equal(await rpc('signal', { id: await rpc('create', {}), data: 'still here' }), 'got still here');
  });

  it('a loop that returns null ends the match', async () => {
    const id = await rpc('create', {});
    const a = await player('json');
    await a.socket.joinMatch(id);
    await a.socket.sendMatchState(id, 1, 'end');
    await ended(id);
    await assert.rejects(a.socket.joinMatch(id), rejected(4));
  });
});

describe('the matchmaker matched hook', () => {
  it('gives the players the match it creates, or a token when it returns nothing or fails', async () => {
    const test = Math.random().toString(36).slice(2, 10);
    for (const [hook, expectMatch] of [['create', true], ['none', false], ['throw', false]] as const) {
      const [a, b] = [await player('json'), await player('protobuf')];
      for (const s of [a, b]) await s.socket.addMatchmaker(`+properties.test:${test}${hook}`, 2, 2, { test: `${test}${hook}`, hook });
      const [ma, mb] = [await a.next<MatchmakerMatched>('matchmaker_matched'), await b.next<MatchmakerMatched>('matchmaker_matched')];
      assert.equal(!!ma.match_id, expectMatch, hook);
      assert.equal(!!ma.token, !expectMatch, hook);
      assert.equal(mb.match_id, ma.match_id);
      if (expectMatch) {
        const joined = await a.socket.joinMatch(ma.match_id!);
        assert.deepEqual(JSON.parse(joined.label!).players.sort(), [a.session.username, b.session.username].sort());
      }
    }
    assert.ok(errors.some((e) => e.msg === 'matchmaker matched hook failed; the players get a token instead'));
  });
});


// An authoritative match's input between ticks is bounded: match data is not rate-limited, so what a
// tick cannot take is dropped, as upstream's input queue does, instead of being held without bound.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import type { Logger } from '../log.ts';
import { countingSerializers, FakeSession } from '../testing/fake-sessions.ts';
import { LocalBus } from '../realtime/local-bus.ts';
import { stream, StreamMode } from '../realtime/tracker.ts';
import type { MatchHandler } from './match-types.ts';
import { MATCH_INPUT_QUEUE, RunningMatch } from './running-match.ts';

describe('an authoritative match', () => {
  it('hands a tick at most MATCH_INPUT_QUEUE messages, drops the rest and says so', async () => {
    const batches: number[] = [];
    const warnings: Array<Record<string, unknown> | undefined> = [];
    const logger: Logger = { debug() {}, info() {}, error() {}, warn: (_msg, fields) => void warnings.push(fields) };
    const handler: MatchHandler<null> = {
      matchInit: () => ({ state: null, tickRate: 10 }),
      matchJoinAttempt: (_c, _d, _t, state) => ({ state, accept: true }),
      matchJoin: (_c, _d, _t, state) => ({ state }),
      matchLeave: (_c, _d, _t, state) => ({ state }),
      matchLoop(_c, _d, _t, state, messages) {
        if (messages.length) batches.push(messages.length);
        return { state };
      },
      matchTerminate: (_c, _d, _t, state) => ({ state }),
      matchSignal: (_c, _d, _t, state) => ({ state }),
    };
    const bus = new LocalBus({ serializers: countingSerializers().serializers });
    const player = new FakeSession('u1');
    bus.attach(player);
    const match = new RunningMatch({ bus, logger, ended() {} }, 'flood', handler, stream(StreamMode.MatchAuthoritative, crypto.randomUUID(), '', 'nakama'));
    await match.init({});
    assert.equal((await match.joinAttempt({ userId: 'u1', sessionId: player.id, username: player.username }, {})).accept, true);
    // One turn's flood: whenever the tick comes, it takes all of it at once.
    for (let i = 0; i < MATCH_INPUT_QUEUE + 72; i++) match.data(player.id, '1', Buffer.from(`m${i}`).toString('base64'), true);
    const until = Date.now() + 3000;
    while (!batches.length && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(batches, [MATCH_INPUT_QUEUE]);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]?.dropped, 72);
    // The next tick's data goes through again.
    match.data(player.id, '1', Buffer.from('after').toString('base64'), true);
    while (batches.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(batches, [MATCH_INPUT_QUEUE, 1]);
    await match.terminate(0);
  });
});

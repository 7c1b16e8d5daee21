// The registry of a team's life: steps run where they are announced, what they leave runs only after the
// commit, a step registered again runs once, and a failure after the commit is logged without stopping
// the others. (Each test file runs in its own process, so the steps registered here stay here.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Logger, Nk, Queryable } from '@tribuna/server';
import { teamLife, type MemberStep, type TeamCreated, type TxStep } from './index.ts';

const q = { tag: 'q' } as unknown as Queryable;
const nk = { tag: 'nk' } as unknown as Nk;

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const quiet = () => {};
  return { warnings, debug: quiet, info: quiet, error: quiet, warn: (msg: string) => void warnings.push(msg) };
}

describe('teamLife', () => {
  it('runs the created steps in the transaction and what they leave only after the commit, each once', async () => {
    const log: string[] = [];
    const first: TxStep<TeamCreated> = async (tq, tnk, team) => {
      assert.equal(tq, q);
      assert.equal(tnk, nk);
      log.push(`first in tx: ${team.name}`);
      return async () => void log.push('first after commit');
    };
    const second: TxStep<TeamCreated> = async () => void log.push('second in tx');
    teamLife.onCreated(first);
    teamLife.onCreated(second);
    teamLife.onCreated(first);

    const after = await teamLife.teamCreated(q, nk, { id: 't1', ownerId: 'u1', name: 'Спартак' });
    assert.deepEqual(log, ['first in tx: Спартак', 'second in tx']);
    await after(recordingLogger());
    assert.deepEqual(log, ['first in tx: Спартак', 'second in tx', 'first after commit']);
  });

  it('fails the transaction when a step in it fails', async () => {
    teamLife.onDeleted(async () => {
      throw new Error('refused');
    });
    await assert.rejects(teamLife.teamDeleting(q, nk, { id: 't1' }), /refused/);
  });

  it('logs a failure after the commit and still runs the rest', async () => {
    const ran: string[] = [];
    const failing: MemberStep = async () => {
      throw new Error('game server down');
    };
    const following: MemberStep = async (_nk, _logger, m) => void ran.push(`${m.userId} joined ${m.teamId}`);
    teamLife.onMemberJoined(failing);
    teamLife.onMemberJoined(following);
    const logger = recordingLogger();
    await teamLife.memberJoined(nk, logger, { teamId: 't1', userId: 'u2' });
    assert.deepEqual(ran, ['u2 joined t1']);
    assert.deepEqual(logger.warnings, ['teams: a step after a member joined a team failed']);

    await teamLife.memberLeft(nk, logger, { teamId: 't1', userId: 'u2' });
    assert.deepEqual(ran, ['u2 joined t1'], 'the joined steps are not the left ones');
  });
});

// The registry of a match's life: the deleted steps run where the deletion is announced, what they leave
// runs only once the row is gone, a step registered again runs once, and a failing step fails the
// deletion. (Each test file runs in its own process, so the steps registered here stay here.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Queryable } from '@tribuna/server';
import { matchLife, type DeletingStep, type Match } from './index.ts';

const q = { tag: 'q' } as unknown as Queryable;
const match = { id: 'm1', result_state: 'confirmed' } as Match;

describe('matchLife', () => {
  it('runs the deleted steps before the row goes and what they leave after, each once', async () => {
    const log: string[] = [];
    const first: DeletingStep = async (tq, m) => {
      assert.equal(tq, q);
      log.push(`first before: ${m.id}`);
      return async () => void log.push('first after');
    };
    const second: DeletingStep = async () => void log.push('second before');
    matchLife.onDeleted(first);
    matchLife.onDeleted(second);
    matchLife.onDeleted(first);

    const after = await matchLife.matchDeleting(q, match);
    assert.deepEqual(log, ['first before: m1', 'second before']);
    await after();
    assert.deepEqual(log, ['first before: m1', 'second before', 'first after']);
  });

  it('fails the deletion when a step fails', async () => {
    matchLife.onDeleted(async () => {
      throw new Error('refused');
    });
    await assert.rejects(matchLife.matchDeleting(q, match), /refused/);
  });
});

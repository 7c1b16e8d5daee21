// The library's storage over competition_bracket: ids per kind, filters on any field, partial updates
// that merge the opponents, deletes, and one tournament's rows apart from another's.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Db } from '@tribuna/server';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { SqlBracketStorage } from './bracket-storage.ts';

let ts: TestServer;
let db: Db;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  db = ts.app.nk.db;
});
after(() => ts.close());

async function storage(): Promise<SqlBracketStorage> {
  const id = crypto.randomUUID();
  await db.execute("INSERT INTO tournament (id, title, tournament_type, start_time, creator_id) VALUES ($1, 'Кубок', 0, now(), $2)", [
    id,
    crypto.randomUUID(),
  ]);
  return new SqlBracketStorage(db, id);
}

const match = (round: number, number: number) => ({
  stage_id: 0, group_id: 0, round_id: round, number, child_count: 0, status: 2,
  opponent1: { id: 1, position: 1 }, opponent2: { id: 2, position: 2 },
});

describe('SqlBracketStorage', () => {
  it('numbers each kind from 0, one by one or many at once', async () => {
    const s = await storage();
    assert.equal(await s.insert('participant', { tournament_id: 't', name: 'a' }), 0);
    assert.equal(await s.insert('participant', [{ tournament_id: 't', name: 'b' }, { tournament_id: 't', name: 'c' }]), true);
    assert.equal(await s.insert('participant', { tournament_id: 't', name: 'd' }), 3);
    assert.equal(await s.insert('match', match(0, 1)), 0);
    assert.deepEqual((await s.select('participant'))!.map((p) => [p.id, p.name]), [[0, 'a'], [1, 'b'], [2, 'c'], [3, 'd']]);
  });

  it('selects by id and by equal fields, and answers null for an unknown id', async () => {
    const s = await storage();
    await s.insert('match', [match(0, 1), match(0, 2), match(1, 1)]);
    assert.equal((await s.select('match', 1))!.number, 2);
    assert.equal(await s.select('match', 9), null);
    assert.deepEqual((await s.select('match', { round_id: 0 }))!.map((m) => m.id), [0, 1]);
    assert.deepEqual((await s.select('match', { round_id: 1, number: 1 }))!.map((m) => m.id), [2]);
    assert.deepEqual(await s.select('match', { round_id: 5 }), []);
  });

  it('replaces an entity by id, and merges the opponents of a partial update by filter', async () => {
    const s = await storage();
    await s.insert('match', [match(0, 1), match(0, 2), match(1, 1)]);
    const m = (await s.select('match', 0))!;
    assert.equal(await s.update('match', 0, { ...m, status: 4, opponent1: { id: 1, score: 3, result: 'win' } }), true);
    assert.deepEqual((await s.select('match', 0))!.opponent1, { id: 1, score: 3, result: 'win' });
    assert.equal(await s.update('match', 7, m), false);

    await s.update('match', { round_id: 0 }, { child_count: 3, opponent2: { id: 2, score: 1 } });
    const [a, b] = (await s.select('match', { round_id: 0 }))!;
    assert.deepEqual([a.child_count, b.child_count], [3, 3]);
    assert.deepEqual(b.opponent2, { id: 2, position: 2, score: 1 });
    assert.equal((await s.select('match', 2))!.child_count, 0);
  });

  it('deletes by filter or a whole kind, and keeps to its tournament', async () => {
    const s = await storage();
    const other = await storage();
    await s.insert('match', [match(0, 1), match(1, 1)]);
    await other.insert('match', match(0, 1));
    await s.delete('match', { round_id: 0 });
    assert.deepEqual((await s.select('match'))!.map((m) => m.id), [1]);
    await s.delete('match');
    assert.deepEqual(await s.select('match'), []);
    assert.equal((await other.select('match'))!.length, 1);
    assert.equal((await other.select('match', 0))!.number, 1);
  });
});

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { rankOrder, RankTree, type RankKey } from './rank-tree.ts';

const OWNERS = Array.from({ length: 12 }, () => crypto.randomUUID());
const EDGE = 2n ** 53n;
/** Scores around 2^53 too, where a float no longer tells neighbours apart. */
const score = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.bigInt({ min: EDGE - 3n, max: EDGE + 3n }).map((b) => (Number.isSafeInteger(Number(b)) && BigInt(Number(b)) === b ? Number(b) : b)),
);
const key = fc.record({
  score,
  subscore: fc.integer({ min: 0, max: 2 }),
  micros: fc.integer({ min: 0, max: 3 }),
  owner: fc.constantFrom(...OWNERS),
  numScore: fc.integer({ min: 1, max: 5 }),
});

const show = (k: RankKey) => `${k.score},${k.subscore},${k.micros},${k.owner},${k.numScore}`;

describe('rank tree', () => {
  for (const desc of [true, false]) {
    it(`agrees with a sorted array under puts and removes (${desc ? 'descending' : 'ascending'})`, () => {
      const order = rankOrder(desc);
      fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), key), { maxLength: 80 }), (ops) => {
        const tree = new RankTree(desc);
        let model: RankKey[] = [];
        for (const [add, k] of ops) {
          const had = model.find((m) => m.owner === k.owner);
          if (add) {
            if (had) assert.equal(tree.remove(k.owner), true);
            tree.insert(k);
            model = [...model.filter((m) => m.owner !== k.owner), k].sort(order);
          } else {
            assert.equal(tree.remove(k.owner), had !== undefined);
            model = model.filter((m) => m.owner !== k.owner);
          }
          assert.equal(tree.size, model.length);
        }
        for (const [i, m] of model.entries()) {
          assert.equal(show(tree.at(i)!), show(m));
          assert.equal(tree.countBefore(m), i);
          assert.equal(tree.version(m.owner), m.numScore);
          assert.equal(show(tree.get(m.owner)!), show(m));
        }
        assert.equal(tree.at(model.length), undefined);
        const absent = OWNERS.find((o) => !model.some((m) => m.owner === o));
        if (absent) assert.equal(tree.version(absent), -1);
      }));
    });
  }

  it('holds many records through growth and removals, ranks exact', () => {
    const tree = new RankTree(true);
    const keys: RankKey[] = Array.from({ length: 20_000 }, (_, i) => ({ score: i % 997, subscore: 0, micros: i, owner: crypto.randomUUID(), numScore: 1 }));
    for (const k of keys) tree.insert(k);
    for (const k of keys.slice(0, 15_000)) assert.equal(tree.remove(k.owner), true);
    for (const k of keys.slice(0, 5_000)) tree.insert(k);
    const kept = [...keys.slice(0, 5_000), ...keys.slice(15_000)].sort(rankOrder(true));
    assert.equal(tree.size, kept.length);
    for (let i = 0; i < kept.length; i += 97) assert.equal(tree.countBefore(kept[i]), i);
    assert.equal(tree.remove(crypto.randomUUID()), false);
  });

  it('orders records by score, subscore, earlier update, owner', () => {
    const o = (c: string) => `${c.repeat(8)}-0000-4000-8000-000000000000`;
    const k = (score: number, subscore: number, micros: number, owner: string): RankKey => ({ score: BigInt(score), subscore: BigInt(subscore), micros, owner: o(owner), numScore: 1 });
    const keys = [k(1, 5, 3, 'b'), k(2, 0, 9, 'a'), k(1, 5, 3, 'a'), k(1, 6, 1, 'c'), k(1, 5, 2, 'f')];
    const text = (x: RankKey) => `${x.score},${x.subscore},${x.micros},${x.owner[0]}`;
    assert.deepEqual([...keys].sort(rankOrder(true)).map(text), ['2,0,9,a', '1,6,1,c', '1,5,2,f', '1,5,3,a', '1,5,3,b']);
    assert.deepEqual([...keys].sort(rankOrder(false)).map(text), ['1,5,2,f', '1,5,3,a', '1,5,3,b', '1,6,1,c', '2,0,9,a']);
    for (const desc of [true, false]) {
      const tree = new RankTree(desc);
      for (const x of keys) tree.insert(x);
      const sorted = [...keys].sort(rankOrder(desc));
      assert.deepEqual(Array.from({ length: 5 }, (_, i) => text(tree.at(i)!)), sorted.map(text));
    }
  });
});

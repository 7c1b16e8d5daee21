import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { OrderTree } from './order-tree.ts';
import { rankOrder, type RankKey } from './leaderboard-ranks.ts';

describe('order tree', () => {
  it('agrees with a sorted array under inserts and removes', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 50 }))), (ops) => {
      const tree = new OrderTree<number>((a, b) => a - b);
      const sorted: number[] = [];
      for (const [add, v] of ops) {
        if (add) {
          if (sorted.includes(v)) continue;
          tree.insert(v);
          sorted.push(v);
          sorted.sort((a, b) => a - b);
        } else {
          assert.equal(tree.remove(v), sorted.includes(v));
          if (sorted.includes(v)) sorted.splice(sorted.indexOf(v), 1);
        }
        assert.equal(tree.size, sorted.length);
      }
      for (let i = 0; i < sorted.length; i++) {
        assert.equal(tree.at(i), sorted[i]);
        assert.equal(tree.countBefore(sorted[i]), i);
      }
      assert.equal(tree.at(sorted.length), undefined);
    }));
  });

  it('orders records by score, subscore, earlier update, owner', () => {
    const k = (score: number, subscore: number, micros: number, owner: string): RankKey =>
      ({ score: BigInt(score), subscore: BigInt(subscore), micros, owner, numScore: 1 });
    const keys = [k(1, 5, 3, 'b'), k(2, 0, 9, 'a'), k(1, 5, 3, 'a'), k(1, 6, 1, 'c'), k(1, 5, 2, 'z')];
    const desc = [...keys].sort(rankOrder(true)).map((x) => `${x.score},${x.subscore},${x.micros},${x.owner}`);
    assert.deepEqual(desc, ['2,0,9,a', '1,6,1,c', '1,5,2,z', '1,5,3,a', '1,5,3,b']);
    const asc = [...keys].sort(rankOrder(false)).map((x) => `${x.score},${x.subscore},${x.micros},${x.owner}`);
    assert.deepEqual(asc, ['1,5,2,z', '1,5,3,a', '1,5,3,b', '1,6,1,c', '2,0,9,a']);
  });
});

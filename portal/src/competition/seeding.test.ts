// Seeding a cup: by rating, as given, or by a draw that a seed repeats.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seedTeams } from './seeding.ts';

const teams = [
  { id: 'a', rating: 3.5 },
  { id: 'b', rating: 7 },
  { id: 'c' },
  { id: 'd', rating: 7 },
  { id: 'e', rating: 1 },
];

describe('seedTeams', () => {
  it('keeps the given order', () => {
    assert.deepEqual(seedTeams(teams, 'order'), ['a', 'b', 'c', 'd', 'e']);
  });

  it('puts the highest rating first, equal ratings in the given order, no rating as 0', () => {
    assert.deepEqual(seedTeams(teams, 'rating'), ['b', 'd', 'a', 'e', 'c']);
  });

  it('draws an order that the same seed repeats', () => {
    const many = Array.from({ length: 16 }, (_, i) => ({ id: `t${i}` }));
    const drawn = seedTeams(many, 'random', 42);
    assert.deepEqual(seedTeams(many, 'random', 42), drawn);
    assert.deepEqual([...drawn].sort(), many.map((t) => t.id).sort());
    assert.notDeepEqual(drawn, many.map((t) => t.id));
    assert.notDeepEqual(seedTeams(many, 'random', 43), drawn);
    // Without a seed, two draws of 16 teams coincide with a chance of 1 in 16!.
    assert.notDeepEqual(seedTeams(many, 'random'), seedTeams(many, 'random'));
  });
});

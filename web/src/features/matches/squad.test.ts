import { describe, expect, it } from 'vitest';
import { comingPlayers, orderedPick, pickWarnings, type SquadCandidate } from './squad.ts';

const roster: SquadCandidate[] = [
  { player_id: 'p1', user_id: 'u1', status: 'yes' },
  { player_id: 'p2', user_id: 'u2', status: 'no' },
  { player_id: 'p3', user_id: 'u3', status: null },
  { player_id: 'p4', user_id: 'u4', status: 'yes' },
];

describe('squad picking', () => {
  it('starts from who answered «Приду»', () => {
    expect(comingPlayers(roster)).toEqual(['p1', 'p4']);
  });
  it('keeps the roster order whatever order the picks were made in', () => {
    expect(orderedPick(roster, new Set(['p4', 'p2', 'p1']))).toEqual(['p1', 'p2', 'p4']);
  });
  it('counts picked players who did not answer «Приду»', () => {
    expect(pickWarnings(roster, new Set(['p1', 'p2', 'p3']))).toBe(2);
    expect(pickWarnings(roster, new Set(['p1', 'p4']))).toBe(0);
  });
});

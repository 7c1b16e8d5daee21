import { describe, expect, it } from 'vitest';
import { cupRoundName, leagueRoundName } from '../round-name.ts';

describe('round names', () => {
  it('numbers a round robin\'s rounds', () => {
    expect(leagueRoundName(3)).toBe('Тур 3');
  });
  it('counts a cup\'s rounds back from the final', () => {
    expect([1, 2, 3, 4].map((r) => cupRoundName(r, 4))).toEqual(['1/8 финала', '1/4 финала', 'Полуфинал', 'Финал']);
    expect(cupRoundName(1, 1)).toBe('Финал');
    expect(cupRoundName(3, 3, true)).toBe('Матч за 3-е место');
  });
});

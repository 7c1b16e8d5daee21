import { describe, expect, it } from 'vitest';
import { countOf, plural } from './number.ts';

const GOALS = ['гол', 'гола', 'голов'] as const;

describe('Russian plurals', () => {
  it('picks one, few or many by the count', () => {
    expect([0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 101, 111].map((n) => plural(n, GOALS))).toEqual([
      'голов', 'гол', 'гола', 'гола', 'голов', 'голов', 'голов', 'гол', 'гола', 'голов', 'гол', 'голов',
    ]);
    expect(countOf(1500, GOALS)).toBe('1\u00a0500 голов');
  });
});

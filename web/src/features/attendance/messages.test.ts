import { describe, expect, it } from 'vitest';
import { parseStatus } from './messages.ts';

describe('parseStatus', () => {
  it('takes the three answers and nothing else', () => {
    expect(['yes', 'no', 'maybe'].map(parseStatus)).toEqual(['yes', 'no', 'maybe']);
    expect(parseStatus(null)).toBeUndefined();
    expect(parseStatus('YES')).toBeUndefined();
    expect(parseStatus('')).toBeUndefined();
  });
});

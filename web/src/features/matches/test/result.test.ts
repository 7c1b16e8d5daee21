import { describe, expect, it } from 'vitest';
import { parseScore, resultStateLabel, scoreText } from '../result.ts';

describe('match result text', () => {
  it('names every state in Russian', () => {
    expect(resultStateLabel('reported')).toBe('Ждёт подтверждения');
    expect(resultStateLabel('confirmed')).toBe('Подтверждён');
    expect(resultStateLabel('disputed')).toBe('Оспорен');
  });
  it('shows the score and a shoot-out after it', () => {
    expect(scoreText({})).toBeNull();
    expect(scoreText({ home_score: 2, guest_score: 0 })).toBe('2 : 0');
    expect(scoreText({ home_score: 1, guest_score: 1, home_penalties: 4, guest_penalties: 5 })).toBe('1 : 1 (пен. 4 : 5)');
  });
  it('takes whole numbers 0–99 only', () => {
    expect(parseScore('0')).toBe(0);
    expect(parseScore(' 99 ')).toBe(99);
    expect(parseScore('100')).toBeNull();
    expect(parseScore('-1')).toBeNull();
    expect(parseScore('1.5')).toBeNull();
    expect(parseScore('')).toBeNull();
  });
});

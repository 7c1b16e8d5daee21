import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time.ts';

const now = new Date(2026, 10, 24, 10, 30);

describe('relativeTime', () => {
  it('shows the time for today, even just after midnight', () => {
    expect(relativeTime(new Date(2026, 10, 24, 9, 5), now)).toBe('09:05');
    expect(relativeTime(new Date(2026, 10, 24, 0, 1), now)).toBe('00:01');
  });

  it('says Вчера for the previous calendar day, however few hours ago', () => {
    expect(relativeTime(new Date(2026, 10, 23, 23, 59), now)).toBe('Вчера');
    expect(relativeTime(new Date(2026, 10, 23, 0, 0), now)).toBe('Вчера');
  });

  it('counts days under a week', () => {
    expect(relativeTime(new Date(2026, 10, 22, 12, 0), now)).toBe('2 дн. назад');
    expect(relativeTime(new Date(2026, 10, 18, 12, 0), now)).toBe('6 дн. назад');
  });

  it('shows the date from a week on', () => {
    expect(relativeTime(new Date(2026, 10, 17, 12, 0), now)).toBe('17 ноября 2026 г.');
    expect(relativeTime('2025-01-05T12:00:00', now)).toBe('5 января 2025 г.');
  });

  it('takes ISO strings and says nothing for an invalid one', () => {
    expect(relativeTime(new Date(2026, 10, 24, 8, 0).toISOString(), now)).toBe('08:00');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

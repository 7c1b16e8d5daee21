import { format } from 'date-fns';
import { ru } from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, toLocalInput } from './format.ts';

describe('dates in Russian', () => {
  // Every month, a one- and a two-digit day, hours before and after noon: as date-fns with its ru locale says them.
  const dates = Array.from({ length: 12 }, (_, m) => [new Date(2026, m, 1 + m * 2, m * 2, m * 5), new Date(2025, m, 28, 23, 59)]).flat();

  it.each(dates.map((d) => [d.toISOString(), d]))('formats %s as date-fns did', (_, d) => {
    expect(formatDate(d)).toBe(format(d, 'd MMMM yyyy г.', { locale: ru }));
    expect(formatDateTime(d.toISOString())).toBe(format(d, 'd MMMM yyyy г., HH:mm', { locale: ru }));
    expect(formatTime(d.getTime())).toBe(format(d, 'HH:mm', { locale: ru }));
    expect(toLocalInput(d.toISOString())).toBe(format(d, "yyyy-MM-dd'T'HH:mm"));
  });

  it('reads a stored time as 1 января 2025 г., 18:30, and leaves an empty field empty', () => {
    expect(formatDateTime(new Date(2025, 0, 1, 18, 30))).toBe('1 января 2025 г., 18:30');
    expect(toLocalInput(undefined)).toBe('');
    expect(toLocalInput('')).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { bucketLabel, pageLabel } from './dashboard.ts';

describe('dashboard labels', () => {
  it('shows a day by Moscow hours', () => {
    expect(bucketLabel('day', '2026-11-26T21:00:00.000Z')).toBe('00:00');
    expect(bucketLabel('day', '2026-11-27T09:00:00.000Z')).toBe('12:00');
  });
  it('shows a week or a month by days, in Russian', () => {
    expect(bucketLabel('week', '2026-11-27')).toBe('27 нояб');
    expect(bucketLabel('month', '2026-01-01')).toBe('1 янв');
  });
  it('cuts long pages', () => {
    expect(pageLabel('')).toBe('/');
    expect(pageLabel('/news/123', 40)).toBe('/news/123');
    expect(pageLabel('/abcdefghij', 5)).toBe('/abc…');
  });
});

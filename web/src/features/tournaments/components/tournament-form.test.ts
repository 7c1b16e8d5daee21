import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_VALUES, fromDateInput, toDateInput, validate } from './tournament-form.tsx';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('tournament form values', () => {
  it('needs a title (spaces are none) and, on create, a start date', () => {
    expect(validate({ ...EMPTY_VALUES, title: '   ' }, true)).toEqual({ title: 'Введите название турнира', start_date: 'Укажите дату начала' });
    expect(validate({ ...EMPTY_VALUES, title: 'Кубок' }, true)).toEqual({ start_date: 'Укажите дату начала' });
    expect(validate({ ...EMPTY_VALUES, title: 'Кубок' }, false)).toEqual({});
    expect(validate({ ...EMPTY_VALUES, title: 'Кубок', start_date: '2026-05-01' }, true)).toEqual({});
  });

  it('refuses a new tournament’s start before today; today is fine, and an edit may move it anywhere', () => {
    const past = { ...EMPTY_VALUES, title: 'Кубок', start_date: '2026-04-30' };
    expect(validate(past, true, '2026-05-01')).toEqual({ start_date: 'Дата начала турнира не может быть раньше сегодняшнего дня.' });
    expect(validate({ ...past, start_date: '2026-05-01' }, true, '2026-05-01')).toEqual({});
    expect(validate(past, false)).toEqual({});
  });

  it('sends a chosen day as its local midnight with the local UTC offset and shows an instant as its local day', () => {
    for (const [tz, offset] of [['Europe/Moscow', '+03:00'], ['Asia/Kolkata', '+05:30'], ['America/New_York', '-04:00'], ['UTC', '+00:00']]) {
      process.env.TZ = tz;
      const iso = fromDateInput('2026-05-01');
      expect(iso).toBe(`2026-05-01T00:00:00${offset}`);
      const d = new Date(iso);
      expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 4, 1, 0, 0]);
      expect(toDateInput(iso)).toBe('2026-05-01');
      expect(toDateInput(new Date(2026, 0, 9, 23, 59).toISOString())).toBe('2026-01-09');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, fromDateInput, toDateInput, validate } from './tournament-form.tsx';

describe('tournament form values', () => {
  it('needs a title (spaces are none) and, on create, a start date', () => {
    expect(validate({ ...EMPTY_VALUES, title: '   ' }, true)).toEqual({ title: 'Введите название турнира', start_date: 'Укажите дату начала' });
    expect(validate({ ...EMPTY_VALUES, title: 'Кубок' }, true)).toEqual({ start_date: 'Укажите дату начала' });
    expect(validate({ ...EMPTY_VALUES, title: 'Кубок' }, false)).toEqual({});
    expect(validate({ ...EMPTY_VALUES, title: 'Кубок', start_date: '2026-05-01' }, true)).toEqual({});
  });

  it('sends a chosen day as its local midnight and shows an instant as its local day', () => {
    const iso = fromDateInput('2026-05-01');
    const d = new Date(iso);
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()]).toEqual([2026, 4, 1, 0, 0]);
    expect(toDateInput(iso)).toBe('2026-05-01');
    expect(toDateInput(new Date(2026, 0, 9, 23, 59).toISOString())).toBe('2026-01-09');
  });
});

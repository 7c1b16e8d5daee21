import { describe, expect, it } from 'vitest';
import type { Stream } from '@tribuna/portal/types';
import { groupByDay, isUpcoming, parseTags, statusText, validateBroadcast } from './broadcast.ts';

const at = (y: number, mo: number, d: number, h = 12, mi = 0) => new Date(y, mo - 1, d, h, mi).toISOString();

let n = 0;
function stream(over: Partial<Stream>): Stream {
  n++;
  return { id: `s${n}`, title: `Трансляция ${n}`, description: 'Описание трансляции', embed_url: 'https://rutube.ru/play/embed/x', tags: [], creator_id: 'u1', create_time: at(2026, 11, 1), update_time: at(2026, 11, 1), ...over };
}

describe('the status', () => {
  const now = Date.parse(at(2026, 11, 24, 12));
  it('is "Скоро начнётся" for a start ahead', () => {
    expect(isUpcoming({ start_time: at(2026, 11, 24, 13) }, now)).toBe(true);
    expect(statusText({ start_time: at(2026, 11, 25) }, now)).toBe('Скоро начнётся');
  });
  it('is "В эфире" without a start, with a start past or now', () => {
    expect(statusText({}, now)).toBe('В эфире');
    expect(statusText({ start_time: at(2026, 11, 24, 11) }, now)).toBe('В эфире');
    expect(statusText({ start_time: new Date(now).toISOString() }, now)).toBe('В эфире');
  });
});

describe('the TV schedule days', () => {
  const now = new Date(2026, 10, 24, 9);
  it('groups by the local day of the start, the creation time standing in for a missing one', () => {
    const a = stream({ title: 'Вечер', start_time: at(2026, 11, 24, 20, 0) });
    const b = stream({ title: 'Без начала', create_time: at(2026, 11, 24, 10, 5) });
    const c = stream({ title: 'Завтра', start_time: at(2026, 11, 25, 18, 30) });
    const d = stream({ title: 'Поздно ночью', start_time: at(2026, 11, 24, 23, 59) });
    const days = groupByDay([c, a, d, b], now);
    expect(days.map((x) => x.heading)).toEqual(['Вторник, 24 ноября', 'Среда, 25 ноября']);
    expect(days[0].streams.map((s) => s.title)).toEqual(['Без начала', 'Вечер', 'Поздно ночью']);
    expect(days[1].streams.map((s) => s.title)).toEqual(['Завтра']);
    expect(days.map((x) => x.key)).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('adds the year to a day of another year', () => {
    const days = groupByDay([stream({ start_time: at(2027, 1, 1, 15) })], now);
    expect(days[0].heading).toBe('Пятница, 1 января 2027 г.');
  });

  it('has no days without broadcasts', () => {
    expect(groupByDay([], now)).toEqual([]);
  });
});

describe('the form', () => {
  const ok = { title: 'Финал кубка', description: 'Прямая трансляция финала', embedUrl: 'https://rutube.ru/video/abc/', tags: '', start: '' };
  const now = new Date(2026, 10, 24, 12).getTime();

  it('accepts a complete broadcast', () => {
    expect(validateBroadcast(ok, { now })).toEqual({});
  });

  it('checks the title, description and link as the spec says', () => {
    expect(validateBroadcast({ ...ok, title: ' ', description: '', embedUrl: '' }, { now })).toEqual({
      title: 'Введите название трансляции.',
      description: 'Введите описание трансляции.',
      embedUrl: 'Введите ссылку на видео.',
    });
    expect(validateBroadcast({ ...ok, title: 'Тест', description: 'Коротко', embedUrl: 'не ссылка' }, { now })).toEqual({
      title: 'Название должно быть не короче 5 символов.',
      description: 'Описание должно быть не короче 10 символов.',
      embedUrl: 'Введите ссылку, например https://rutube.ru/video/…',
    });
    expect(validateBroadcast({ ...ok, title: 'я'.repeat(121) }, { now }).title).toBe('Название должно быть не длиннее 120 символов.');
  });

  it('refuses a start in the past when creating, and when editing only if it was changed', () => {
    const past = { ...ok, start: '2026-11-23T10:00' };
    expect(validateBroadcast(past, { now }).start).toBe('Время начала не может быть раньше текущего момента.');
    expect(validateBroadcast(past, { now, editing: true, startChanged: false })).toEqual({});
    expect(validateBroadcast({ ...ok, start: '2026-11-25T10:00' }, { now })).toEqual({});
  });

  it('splits tags on commas, trimmed, empty ones dropped', () => {
    expect(parseTags(' финал, кубок ,, ')).toEqual(['финал', 'кубок']);
  });
});

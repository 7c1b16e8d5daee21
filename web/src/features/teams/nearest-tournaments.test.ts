import { describe, expect, it } from 'vitest';
import { NEAREST_WINDOW_DAYS, nearestTournaments, type TeamTournament } from './nearest-tournaments.ts';

const NOW = new Date('2025-06-01T12:00:00Z');
const link = (id: string, start: string | null | undefined, extra: { delete_time?: string; noTournament?: boolean } = {}): TeamTournament => ({
  id,
  team_id: 't1',
  tournament_id: `tour-${id}`,
  is_confirmed: true,
  tournament: extra.noTournament ? undefined : { id: `tour-${id}`, title: `Турнир ${id}`, start_time: start, delete_time: extra.delete_time },
});
const ids = (l: TeamTournament[]) => l.map((t) => t.id);

describe('nearest tournaments', () => {
  it('the window is 30 days', () => {
    expect(NEAREST_WINDOW_DAYS).toBe(30);
  });

  it('keeps tournaments starting within 30 days from now, the 30th day included, and none later', () => {
    const list = [
      link('in-1d', '2025-06-02T12:00:00Z'),
      link('edge', '2025-07-01T12:00:00Z'), // exactly now + 30 days
      link('after-edge', '2025-07-01T12:00:01Z'),
      link('in-60d', '2025-07-31T12:00:00Z'),
    ];
    expect(ids(nearestTournaments(list, NOW))).toEqual(['in-1d', 'edge']);
  });

  it('has no lower bound: tournaments that already started are kept', () => {
    expect(ids(nearestTournaments([link('last-year', '2024-06-01T00:00:00Z'), link('an-hour-ago', '2025-06-01T11:00:00Z')], NOW))).toEqual([
      'last-year',
      'an-hour-ago',
    ]);
  });

  it('leaves out deleted tournaments and links without a tournament or a start time', () => {
    const list = [
      link('deleted', '2025-06-05T00:00:00Z', { delete_time: '2025-05-30T00:00:00Z' }),
      link('no-start', null),
      link('bad-start', 'скоро'),
      link('no-tournament', '2025-06-05T00:00:00Z', { noTournament: true }),
      link('ok', '2025-06-05T00:00:00Z'),
    ];
    expect(ids(nearestTournaments(list, NOW))).toEqual(['ok']);
  });

  it('sorts by start time ascending, across time zones, without changing its input', () => {
    const list = [link('c', '2025-06-20T10:00:00Z'), link('a', '2025-06-03T10:00:00+03:00'), link('b', '2025-06-03T09:00:00Z')];
    expect(ids(nearestTournaments(list, NOW))).toEqual(['a', 'b', 'c']);
    expect(ids(list)).toEqual(['c', 'a', 'b']);
  });

  it('takes another window when asked', () => {
    expect(ids(nearestTournaments([link('in-3d', '2025-06-04T12:00:00Z'), link('in-1d', '2025-06-02T12:00:00Z')], NOW, 2))).toEqual(['in-1d']);
  });
});

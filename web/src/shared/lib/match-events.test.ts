import { describe, expect, it } from 'vitest';
import type { MatchEvent } from '@tribuna/portal/types';
import { applyFeed, cupRoundName, eventNeeds, leagueRoundName, minuteText, runningScore } from './match-events.ts';

const ev = (id: string, minute: number, type: MatchEvent['type'], team_id: string, t = '2026-01-01T00:00:00Z'): MatchEvent => ({
  id, match_id: 'm', minute, type, team_id, creator_id: 'u', create_time: t,
});

describe('match events', () => {
  it('counts the running score, an own goal for the other side', () => {
    const events = [ev('1', 5, 'goal', 'H'), ev('2', 10, 'own_goal', 'H'), ev('3', 20, 'penalty_goal', 'G'), ev('4', 30, 'yellow', 'G')];
    expect(runningScore(events, 'H')).toEqual({ home: 1, guest: 2 });
    expect(runningScore([], 'H')).toEqual({ home: 0, guest: 0 });
  });

  it('keeps minute order and applies feed messages', () => {
    const a = ev('a', 30, 'goal', 'H');
    const b = ev('b', 10, 'yellow', 'G');
    let list = applyFeed(applyFeed([], { kind: 'event', match_id: 'm', event: a, score: { home: 1, guest: 0 } }), { kind: 'event', match_id: 'm', event: b, score: { home: 1, guest: 0 } });
    expect(list.map((e) => e.id)).toEqual(['b', 'a']);
    list = applyFeed(list, { kind: 'event', match_id: 'm', event: ev('c', 20, 'red', 'G'), score: { home: 1, guest: 0 } });
    expect(list.map((e) => e.id)).toEqual(['b', 'c', 'a']);
    list = applyFeed(list, { kind: 'event', match_id: 'm', event: ev('c', 20, 'red', 'G'), score: { home: 1, guest: 0 } });
    expect(list).toHaveLength(3);
    list = applyFeed(list, { kind: 'event_deleted', match_id: 'm', id: 'b', score: { home: 1, guest: 0 } });
    expect(list.map((e) => e.id)).toEqual(['c', 'a']);
    expect(minuteText(45)).toBe("45'");
  });

  it('says which players an event names', () => {
    expect(eventNeeds('sub')).toMatchObject({ playerRequired: true, playerOut: true, assist: false });
    expect(eventNeeds('goal')).toMatchObject({ playerRequired: false, assist: true });
    expect(eventNeeds('period_end')).toMatchObject({ player: false, team: false });
  });

  it('names rounds', () => {
    expect(leagueRoundName(3)).toBe('Тур 3');
    expect(cupRoundName(3, 3)).toBe('Финал');
    expect(cupRoundName(2, 3)).toBe('Полуфинал');
    expect(cupRoundName(1, 3)).toBe('1/4 финала');
    expect(cupRoundName(1, 4)).toBe('1/8 финала');
    expect(cupRoundName(3, 3, true)).toBe('Матч за 3-е место');
  });
});

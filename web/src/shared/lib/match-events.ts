// Match events as the match page, the broadcast page and the live feed show them: Russian names and icons
// of the event types, the running score the events make, the feed's messages applied to a list, and the
// names of a competition's rounds («Тур 3», «1/4 финала», «Матч за 3-е место»).
import type { MatchEvent, MatchEventType, MatchFeedMessage } from '@tribuna/portal/types';

export type { MatchEvent, MatchEventType, MatchFeedMessage };

export const EVENT_TYPES: readonly MatchEventType[] = ['goal', 'own_goal', 'penalty_goal', 'yellow', 'red', 'sub', 'period_start', 'period_end'];

export const EVENT_LABELS: Record<MatchEventType, string> = {
  goal: 'Гол',
  own_goal: 'Автогол',
  penalty_goal: 'Гол с пенальти',
  yellow: 'Жёлтая карточка',
  red: 'Красная карточка',
  sub: 'Замена',
  period_start: 'Начало тайма',
  period_end: 'Конец тайма',
};

/** The icon's kind (drawn by CSS, so it looks the same without an emoji font). */
export const EVENT_ICONS: Record<MatchEventType, 'ball' | 'yellow' | 'red' | 'sub' | 'period'> = {
  goal: 'ball',
  own_goal: 'ball',
  penalty_goal: 'ball',
  yellow: 'yellow',
  red: 'red',
  sub: 'sub',
  period_start: 'period',
  period_end: 'period',
};

/** Which players an event of the type names: goals a scorer and (from play) an assistant, a sub both players. */
export const eventNeeds = (type: MatchEventType) => ({
  player: type !== 'period_start' && type !== 'period_end',
  playerRequired: type === 'yellow' || type === 'red' || type === 'sub',
  assist: type === 'goal',
  playerOut: type === 'sub',
  team: type !== 'period_start' && type !== 'period_end',
});

export interface Score {
  home: number;
  guest: number;
}

/** The score the events make: goals and penalty goals count for their team, an own goal for the other. */
export function runningScore(events: readonly Pick<MatchEvent, 'type' | 'team_id'>[], homeTeamId: string): Score {
  const s = { home: 0, guest: 0 };
  for (const e of events) {
    if (e.type !== 'goal' && e.type !== 'penalty_goal' && e.type !== 'own_goal') continue;
    const home = e.team_id === homeTeamId;
    if ((e.type === 'own_goal') !== home) s.home++;
    else s.guest++;
  }
  return s;
}

/** Minute order, then as posted (what list_match_events answers). */
function sortEvents(events: readonly MatchEvent[]): MatchEvent[] {
  return [...events].sort((a, b) => a.minute - b.minute || a.create_time.localeCompare(b.create_time) || a.id.localeCompare(b.id));
}

/** The list after a feed message: an event added once (a repeated one replaces itself), a deleted one removed. */
export function applyFeed(events: readonly MatchEvent[], msg: MatchFeedMessage): MatchEvent[] {
  if (msg.kind === 'event') return sortEvents([...events.filter((e) => e.id !== msg.event.id), msg.event]);
  if (msg.kind === 'event_deleted') return events.filter((e) => e.id !== msg.id);
  return [...events];
}

/** «12'» — the minute as the feed shows it. */
export const minuteText = (minute: number) => `${minute}'`;

/**
 * A cup round's name by how many rounds follow it: the last «Финал», then «Полуфинал», «1/4 финала»,
 * «1/8 финала»…; `third` names the third-place match.
 */
export function cupRoundName(round: number, rounds: number, third = false): string {
  if (third) return 'Матч за 3-е место';
  const left = rounds - round;
  if (left <= 0) return 'Финал';
  if (left === 1) return 'Полуфинал';
  return `1/${2 ** left} финала`;
}

export const leagueRoundName = (round: number) => `Тур ${round}`;

/** The result's state in words. */
export const RESULT_STATES: Record<string, string> = {
  none: 'Результата пока нет',
  reported: 'Результат ждёт подтверждения',
  confirmed: 'Результат подтверждён',
  disputed: 'Результат оспорен',
};

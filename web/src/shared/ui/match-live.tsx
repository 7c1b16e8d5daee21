// A match's live score and events feed, shown by the match page and by a broadcast linked to a match:
// the score (the result once reported, else the running score the events make), its state in words and
// the events in minute order with icons, players by name. Kept up to date over the match's feed.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Match } from '@tribuna/portal/types';
import { rpc } from '../../lib/nakama/rpc.ts';
import { useMatchEvents, useMatchLive } from '../api/match-live.ts';
import { fullName } from '../api/players.ts';
import { EVENT_ICONS, EVENT_LABELS, minuteText, RESULT_STATES, runningScore, type MatchEvent } from '../lib/match-events.ts';
import { EmptyState, ErrorState, Spinner } from './index.tsx';
import './match-live.css';

/** Names of the players the events name, by id. */
function usePlayerNames(ids: string[]): Map<string, string> {
  const sorted = [...new Set(ids)].sort();
  const q = useQuery({
    queryKey: ['players', 'names', sorted],
    queryFn: async () => (await rpc('list_players', { ids: sorted, limit: 100 })).players,
    enabled: sorted.length > 0,
    staleTime: 60_000,
  });
  return new Map((q.data ?? []).map((p) => [p.id, fullName(p)]));
}

const named = (e: MatchEvent) => [e.player_id, e.assist_player_id, e.player_out_id].filter((x): x is string => !!x);

/** The score a match shows now. */
function shownScore(match: Match, events: readonly MatchEvent[] | undefined): { home: number; guest: number } | undefined {
  if (match.result_state !== 'none' && match.home_score != null && match.guest_score != null) return { home: match.home_score, guest: match.guest_score };
  if (events?.length) return runningScore(events, match.owner_team_id);
  return undefined;
}

export function LiveScore({ match, homeName, guestName }: { match: Match; homeName: string; guestName: string }) {
  const events = useMatchEvents(match.id).data;
  const score = shownScore(match, events);
  const pens = match.home_penalties != null && match.guest_penalties != null ? `пен. ${match.home_penalties}:${match.guest_penalties}` : '';
  return (
    <div className="live-score" aria-live="polite">
      <span className="live-score-team">{homeName}</span>
      <strong className="live-score-value" data-testid="live-score" aria-label={score ? `Счёт ${score.home}:${score.guest}` : 'Счёта пока нет'}>
        {score ? `${score.home}:${score.guest}` : '–:–'}
      </strong>
      <span className="live-score-team">{guestName}</span>
      {pens && <span className="live-score-pens muted">{pens}</span>}
      <span className={`live-score-state result-${match.result_state}`}>{RESULT_STATES[match.result_state] ?? ''}</span>
    </div>
  );
}

export function EventFeed({
  match,
  teamName,
  action,
  title = 'Ход матча',
}: {
  match: Match;
  teamName(id: string): string;
  /** A control beside an event (deleting it), or nothing. */
  action?: (e: MatchEvent) => ReactNode;
  title?: string;
}) {
  const live = useMatchLive(match.id);
  const q = useMatchEvents(match.id);
  const names = usePlayerNames((q.data ?? []).flatMap(named));
  const player = (id?: string) => (id ? (names.get(id) ?? '…') : '');
  return (
    <section className="card match-feed" aria-labelledby="match-feed-title">
      <div className="match-feed-head">
        <h2 id="match-feed-title">{title}</h2>
        <span className={`match-feed-live live-${live}`}>{live === 'live' ? 'Онлайн' : live === 'connecting' ? 'Подключение…' : 'Нет связи, переподключаемся…'}</span>
      </div>
      {q.isPending ? (
        <Spinner label="Загружаем события матча…" />
      ) : q.isError ? (
        <ErrorState onRetry={() => void q.refetch()}>Не удалось загрузить события матча.</ErrorState>
      ) : q.data.length === 0 ? (
        <EmptyState>Событий пока нет.</EmptyState>
      ) : (
        <ol className="match-events">
          {q.data.map((e) => {
            const home = e.team_id === match.owner_team_id;
            const period = e.type === 'period_start' || e.type === 'period_end';
            return (
              <li key={e.id} className={`match-event event-${e.type} ${period ? 'event-period' : home ? 'event-home' : 'event-guest'}`}>
                <span className="match-event-minute">{minuteText(e.minute)}</span>
                <span className={`match-event-icon icon-${EVENT_ICONS[e.type]}`} aria-hidden="true" />
                <span className="match-event-body">
                  <span className="match-event-type">{EVENT_LABELS[e.type]}</span>
                  {!period && <span className="match-event-team muted"> · {teamName(e.team_id)}</span>}
                  {e.type === 'sub' ? (
                    <span className="match-event-players">
                      {' '}
                      ↑ {player(e.player_id)} ↓ {player(e.player_out_id)}
                    </span>
                  ) : (
                    e.player_id && (
                      <span className="match-event-players">
                        {' '}
                        {player(e.player_id)}
                        {e.assist_player_id && <span className="muted"> (пас: {player(e.assist_player_id)})</span>}
                      </span>
                    )
                  )}
                </span>
                {action?.(e)}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

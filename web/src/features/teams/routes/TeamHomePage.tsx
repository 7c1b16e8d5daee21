// /teams/{teamId}: a summary of the team, its next events and its nearest tournaments.
import { useQuery } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import { Link, useParams } from 'react-router';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { EmptyState } from '../../../shared/ui/index.tsx';
import { useTeam } from '../../../shared/api/team.ts';
import { NearestTournaments } from '../components/nearest-tournaments.tsx';
import { teamMessages as m } from '../messages.ts';
import { NEAREST_WINDOW_DAYS } from '../nearest-tournaments.ts';

interface TeamEvent {
  id: string;
  title: string;
  type: string;
  event_time: string;
  place?: string;
}

function roleOf(v: { is_owner: boolean; is_admin: boolean; is_member: boolean }): string {
  if (v.is_owner) return m.owner;
  if (v.is_admin) return m.admin;
  if (v.is_member) return m.member;
  return m.visitor;
}

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const today = new Date();
  const events = useQuery({
    queryKey: ['team-events', teamId, 'upcoming'],
    queryFn: () =>
      rpc<{ events: TeamEvent[] }>('list_team_events', {
        team_id: teamId,
        start_date: format(today, 'yyyy-MM-dd'),
        end_date: format(addDays(today, NEAREST_WINDOW_DAYS), 'yyyy-MM-dd'),
      }),
  });
  if (!team.data) return null;
  const t = team.data;
  const upcoming = (events.data?.events ?? []).filter((e) => new Date(e.event_time) >= today).slice(0, 5);

  return (
    <div className="stack">
      <section className="card">
        <h2>{m.summary}</h2>
        <dl className="details">
          <dt>{m.membersLabel}</dt>
          <dd>{t.member_count}</dd>
          <dt>{m.yourRole}</dt>
          <dd>{roleOf(t.viewer)}</dd>
        </dl>
      </section>
      <section className="card">
        <h2>{m.upcomingEvents}</h2>
        {events.isSuccess && upcoming.length === 0 && <EmptyState>{m.noEvents}</EmptyState>}
        <ul className="link-list">
          {upcoming.map((e) => (
            <li key={e.id}>
              <strong>{e.title}</strong> <span className="muted">{formatDateTime(e.event_time)}{e.place ? `, ${e.place}` : ''}</span>
            </li>
          ))}
        </ul>
        <Link to="schedule">{m.schedule}</Link>
      </section>
      <NearestTournaments teamId={teamId} />
    </div>
  );
}

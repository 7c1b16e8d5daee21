// /teams/{teamId}: a summary of the team, its next matches and events, its nearest tournaments.
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useTeamEvents } from '../../../shared/api/calendar.ts';
import { useNextTeamMatches } from '../../../shared/api/matches.ts';
import { comingDays, TEAM_HOME_MAX as UPCOMING_MAX } from '../../../shared/api/team-home-calls.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { LINK_STATES, linkState, TOURNAMENT_TYPES, useNearestTeamTournaments } from '../../../shared/api/tournaments.ts';
import { formatDate, formatDateTime } from '../../../shared/i18n/format.ts';
import { EmptyState, LoadingBlock } from '../../../shared/ui/index.tsx';
import { teamMessages as m } from '../messages.ts';

function roleOf(v: { is_owner: boolean; is_admin: boolean; is_member: boolean; pending_request_id?: string }): string {
  if (v.is_owner) return m.owner;
  if (v.is_admin) return m.admin;
  if (v.is_member) return m.member;
  if (v.pending_request_id) return m.applicant;
  return m.visitor;
}

/** The team's next matches, home or away, each «Хозяева — Гости» linking to its page. */
function NextMatches({ teamId }: { teamId: string }) {
  const q = useNextTeamMatches(teamId, UPCOMING_MAX);
  const matches = q.data ?? [];
  return (
    <section className="card stack" aria-labelledby="next-matches-title">
      <h2 id="next-matches-title">{m.nextMatches}</h2>
      {q.isPending && <LoadingBlock />}
      {q.isSuccess && matches.length === 0 && <EmptyState>{m.noMatches}</EmptyState>}
      {matches.length > 0 && (
        <ul className="link-list">
          {matches.map((x) => (
            <li key={x.id} className="next-match">
              <Link to={`/matches/${x.id}`}>
                <strong>{m.matchTitle(x.owner_team?.name ?? x.owner_team_id, x.guest_team?.name ?? x.guest_team_id)}</strong>
              </Link>
              <span className="muted">{formatDateTime(x.match_time)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="matches">{m.allMatches}</Link>
    </section>
  );
}

/** The team's tournaments not deleted and starting within 30 days, soonest first. */
function NearestTournaments({ teamId }: { teamId: string }) {
  const q = useNearestTeamTournaments(teamId, UPCOMING_MAX);
  const links = q.data?.team_tournaments ?? [];
  return (
    <section className="card stack" aria-labelledby="nearest-tournaments-title">
      <h2 id="nearest-tournaments-title">{m.nearestTournaments}</h2>
      {q.isPending && <LoadingBlock />}
      {q.isSuccess && links.length === 0 && <EmptyState>{m.noTournaments}</EmptyState>}
      {links.length > 0 && (
        <ul className="link-list">
          {links.map((l) => (
            <li key={l.id} className="nearest-tournament">
              <Link to={`/tournaments/${l.tournament_id}`}><strong>{l.tournament.title}</strong></Link>
              <span className="muted">
                {formatDate(l.tournament.start_time)} · {TOURNAMENT_TYPES[l.tournament.tournament_type]}
              </span>
              <span className={l.is_confirmed ? 'badge' : 'badge badge-waiting'}>{LINK_STATES[linkState(l)]}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="tournaments">{m.allTournaments}</Link>
    </section>
  );
}

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const today = new Date();
  // The next events: those of today and the coming 30 days, at most 5.
  const events = useTeamEvents(teamId, comingDays(today));
  if (!team.data) return null;
  const t = team.data;
  const upcoming = (events.data ?? []).filter((e) => new Date(e.event_time) >= today).slice(0, UPCOMING_MAX);

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
      <NextMatches teamId={teamId} />
      <section className="card stack">
        <h2>{m.upcomingEvents}</h2>
        {events.isPending && <LoadingBlock />}
        {events.isSuccess && upcoming.length === 0 && <EmptyState>{m.noEvents}</EmptyState>}
        {upcoming.length > 0 && (
          <ul className="link-list">
            {upcoming.map((e) => (
              <li key={e.id}>
                <strong>{e.title}</strong> <span className="muted">{formatDateTime(e.event_time)}{e.place ? `, ${e.place}` : ''}</span>
              </li>
            ))}
          </ul>
        )}
        <Link to="schedule">{m.schedule}</Link>
      </section>
      <NearestTournaments teamId={teamId} />
    </div>
  );
}

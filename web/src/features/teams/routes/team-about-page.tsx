// /teams/{teamId}/about
import { useParams } from 'react-router';
import { formatDate } from '../../../shared/i18n/format.ts';
import { formatRating } from '../../../shared/i18n/number.ts';
import { TEAM_TYPES, useTeam } from '../../../shared/api/teams.ts';
import { teamMessages as m } from '../messages.ts';

export function Component() {
  const { teamId = '' } = useParams();
  const q = useTeam(teamId);
  if (!q.data) return null;
  const t = q.data;
  return (
    <section className="card stack">
      <h2>{m.aboutTitle}</h2>
      <p className="pre-line">{t.description || m.noDescription}</p>
      <dl className="details">
        <dt>{m.typeLabel}</dt>
        <dd>{TEAM_TYPES[t.team_type]}</dd>
        <dt>{m.rating}</dt>
        <dd>{formatRating(Number(t.rating))}</dd>
        <dt>{m.membersLabel}</dt>
        <dd>{t.member_count}</dd>
        <dt>{m.createdAt}</dt>
        <dd>{formatDate(t.create_time)}</dd>
      </dl>
    </section>
  );
}

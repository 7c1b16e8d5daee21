// /teams/{teamId}/news: the team's public news, 10 a page; its managers get a link to write one for it.
import { Link, useParams } from '../../../lib/router/index.tsx';
import { useTeam } from '../../../shared/api/teams.ts';
import { useListNews } from '../api/list-news.ts';
import { NewsList } from '../components/news-list.tsx';
import { newsMessages as m } from '../messages.ts';
import '../news.css';

const TEAM_PAGE = 10;

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const query = useListNews({ limit: TEAM_PAGE, team_id: teamId, only_public: true });
  return (
    <section className="stack news-page" aria-labelledby="team-news-title">
      <div className="page-head">
        <h2 id="team-news-title" className="news-team-title">{m.teamNewsTitle}</h2>
        {team.data?.viewer.can_manage && (
          <Link className="btn btn-primary" to={`/news/create?team_id=${encodeURIComponent(teamId)}`}>{m.teamCreate}</Link>
        )}
      </div>
      <NewsList query={query} label={m.teamNewsTitle} />
    </section>
  );
}

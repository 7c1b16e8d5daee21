// /siteMap: the sections of the portal.
import { Link } from '../../../lib/router/index.tsx';
import { PageTitle } from '../../../shared/ui/index.tsx';

export const SITE_MAP = [
  { to: '/', label: 'Главная' },
  { to: '/news', label: 'Новости' },
  { to: '/photos', label: 'Фото' },
  { to: '/videos', label: 'Видео' },
  { to: '/team', label: 'Команда' },
  { to: '/schedule', label: 'Расписание' },
  { to: '/lockerRoom', label: 'Раздевалка' },
  { to: '/tournaments', label: 'Турниры' },
  { to: '/aboutUs', label: 'О нас' },
  { to: '/siteMap', label: 'Карта сайта' },
  { to: '/joinTeam', label: 'Вступить в команду' },
];

export function Component() {
  return (
    <section className="page">
      <PageTitle>Карта сайта</PageTitle>
      <ul className="link-list">
        {SITE_MAP.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link> <span className="muted">{l.to}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

// /video: sample videos and photos (hard-coded, no server data).
import { PageTitle } from '../../shared/ui/index.tsx';
import { ALBUMS } from './photo-page.tsx';

export const VIDEOS = [
  { title: 'Лучшие голы сезона', duration: '12:40' },
  { title: 'Обзор финала кубка', duration: '8:15' },
  { title: 'Интервью с капитанами', duration: '15:02' },
];

export function Component() {
  return (
    <section className="page">
      <PageTitle>Видео и фото</PageTitle>
      <h2>Видео</h2>
      <ul className="gallery">
        {VIDEOS.map((v) => (
          <li key={v.title} className="gallery-item">
            <div className="gallery-cover video" aria-hidden="true">▶</div>
            <strong>{v.title}</strong>
            <span className="muted">{v.duration}</span>
          </li>
        ))}
      </ul>
      <h2>Фото</h2>
      <ul className="gallery">
        {ALBUMS.slice(0, 2).map((a) => (
          <li key={a.title} className="gallery-item">
            <div className="gallery-cover" style={{ background: a.color }} aria-hidden="true">⚽</div>
            <strong>{a.title}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

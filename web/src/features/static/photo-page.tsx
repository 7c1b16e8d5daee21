// /photo: a gallery of sample albums (hard-coded, no server data).
import { PageTitle } from '../../shared/ui/index.tsx';

export const ALBUMS = [
  { title: 'Финал кубка района', date: 'Май 2025', count: 48, color: '#0b6e4f' },
  { title: 'Летняя лига: 1-й тур', date: 'Июнь 2025', count: 36, color: '#1d4e89' },
  { title: 'Тренировка ветеранов', date: 'Июль 2025', count: 22, color: '#7a3e9d' },
  { title: 'Детский турнир', date: 'Август 2025', count: 54, color: '#c0392b' },
];

export function Component() {
  return (
    <section className="page">
      <PageTitle>Фотогалерея</PageTitle>
      <ul className="gallery">
        {ALBUMS.map((a) => (
          <li key={a.title} className="gallery-item">
            <div className="gallery-cover" style={{ background: a.color }} aria-hidden="true">⚽</div>
            <strong>{a.title}</strong>
            <span className="muted">{a.date} · {a.count} фото</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

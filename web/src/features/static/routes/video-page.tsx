// /video: sample videos and photo albums (hard-coded, no server data). The videos are not published yet,
// so they are not offered as links (the teams' videos and the broadcasts are, in the note); the albums open.
import { Link } from '../../../lib/router/index.tsx';
import { PageTitle } from '../../../shared/ui/index.tsx';
import { AlbumGrid } from '../components/album-grid.tsx';
import { ALBUMS, VIDEOS } from '../albums.ts';
import { staticMessages as m } from '../messages.ts';

export function Component() {
  return (
    <section className="page">
      <PageTitle>{m.videoTitle}</PageTitle>
      <h2 className="gallery-heading">{m.videos}</h2>
      <p className="muted gallery-note">
        {m.videosNoteStart}
        <Link to="/teams">{m.teams}</Link>
        {m.videosNoteMiddle}
        <Link to="/broadcasts">{m.broadcasts}</Link>.
      </p>
      <ul className="gallery">
        {VIDEOS.map((v) => (
          <li key={v.title} className="gallery-item">
            <span className="gallery-still">
              <img className="gallery-cover" src={v.still} alt="" width={400} height={267} loading="lazy" />
              <span className="badge gallery-soon">{m.soon}</span>
              <span className="gallery-duration"><span className="visually-hidden">{m.durationLabel} </span>{v.duration}</span>
            </span>
            <strong>{v.title}</strong>
          </li>
        ))}
      </ul>
      <h2 className="gallery-heading">{m.photos}</h2>
      <AlbumGrid albums={ALBUMS.slice(0, 2)} showDates={false} />
    </section>
  );
}

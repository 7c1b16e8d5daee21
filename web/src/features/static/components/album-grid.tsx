// The sample photo albums as cards: each opens its pictures in the gallery viewer (arrows, swipes, Escape).
import { useRef, useState } from 'react';
import { MediaViewer } from '../../../shared/ui/media-viewer.tsx';
import { pictureUrl, type Album } from '../albums.ts';
import { staticMessages as m } from '../messages.ts';

const LABELS = { title: m.viewerTitle, previous: m.previous, next: m.next, previousShort: m.previousShort, nextShort: m.nextShort };

export function AlbumGrid({ albums, showDates = true }: { albums: readonly Album[]; showDates?: boolean }) {
  const [open, setOpen] = useState<{ album: Album; index: number } | null>(null);
  const covers = useRef(new Map<string, HTMLButtonElement>());
  return (
    <>
      <ul className="gallery">
        {albums.map((a) => (
          <li key={a.id} className="gallery-item">
            <button
              type="button"
              className="gallery-open"
              ref={(el) => {
                if (el) covers.current.set(a.id, el);
                else covers.current.delete(a.id);
              }}
              onClick={() => setOpen({ album: a, index: 0 })}
            >
              <img className="gallery-cover" src={pictureUrl(a, 0)} alt="" width={400} height={267} loading="lazy" />
              <strong>{a.title}</strong>
              <span className="visually-hidden">, </span>
              <span className="muted">
                {showDates && `${a.date} · `}
                {m.photoCount(a.pictures.length)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <MediaViewer
          items={open.album.pictures.map((caption, i) => ({ src: pictureUrl(open.album, i), alt: caption, caption: `${open.album.title}: ${caption}` }))}
          index={open.index}
          labels={LABELS}
          onIndexChange={(index) => setOpen({ ...open, index })}
          onClose={() => setOpen(null)}
          returnFocus={() => covers.current.get(open.album.id)}
        />
      )}
    </>
  );
}

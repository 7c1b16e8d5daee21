// /photo: the sample albums (hard-coded, no server data); each opens its pictures in the viewer.
import { PageTitle } from '../../../shared/ui/index.tsx';
import { AlbumGrid } from '../components/album-grid.tsx';
import { ALBUMS } from '../albums.ts';
import { staticMessages as m } from '../messages.ts';

export function Component() {
  return (
    <section className="page">
      <PageTitle>{m.photoTitle}</PageTitle>
      <AlbumGrid albums={ALBUMS} />
    </section>
  );
}

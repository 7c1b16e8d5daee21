// Link previews of news pages: /news/{id} of a public item is sent with its title, the start of its text
// and its first picture in the page's head. A private, deleted or missing item gets the plain page.
import { isUuid, type Initializer, type Nk } from '@tribuna/server';
import { firstImage } from './preview.ts';
import { getNewsEntry } from './store.ts';

const SITE_NAME = 'Трибуна';

export function registerNewsPageMeta(initializer: Initializer, nk: Nk): void {
  initializer.registerPageMeta('/news/:id', async ({ id }) => {
    if (!isUuid(id)) return undefined;
    // As a visitor sees it: public items only; as a list has it, without the description.
    const n = await getNewsEntry(nk.db, id, '');
    if (!n) return undefined;
    return {
      title: n.name,
      description: n.excerpt || undefined,
      image: firstImage(n.preview_image, n.media),
      type: 'article',
      siteName: SITE_NAME,
    };
  });
}

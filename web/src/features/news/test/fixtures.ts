// News items as the portal answers them, for the news pages' tests: whole (get_news) and in lists.
import type { News, NewsListItem } from '../../../shared/api/news.ts';

let next = 1;

export function newsItem(over: Partial<News> = {}): News {
  const n = next++;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Новость ${n}`,
    description: `<p>Текст новости ${n}</p>`,
    excerpt: `Текст новости ${n}`,
    creator_id: 'u-author',
    is_public: true,
    like_count: 0,
    user_liked: false,
    rating_count: 0,
    average_rating: 0,
    user_rating: 0,
    media: [],
    create_time: '2026-03-01T10:00:00.000Z',
    update_time: '2026-03-01T10:00:00.000Z',
    ...over,
  };
}

/** An item as list_news answers it: a preview of its first blocks instead of the description. */
export function listItem(over: Partial<NewsListItem> = {}): NewsListItem {
  const { description, ...whole } = newsItem();
  return { ...whole, preview_html: description, description_cut: false, ...over };
}

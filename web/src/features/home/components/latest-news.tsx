// The home page's latest public news: title, date, picture and the start of the text, each card a link.
// Light on purpose (no editor, no sanitiser, no date library): the server's plain-text excerpt is shown.
import { Link } from '../../../lib/router/index.tsx';
import { fileUrl, srcSetOf } from '../../../lib/nakama/file-url.ts';
import { useLatestNews, type NewsListItem } from '../../../shared/api/news.ts';
import { homeMessages as m } from '../messages.ts';

const LATEST = 4;
const day = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

function Picture({ news }: { news: NewsListItem }) {
  const first = news.media[0];
  if (first?.media_type === 'video') {
    return (
      <span className="latest-news-picture video" role="img" aria-label={m.video}>
        <span aria-hidden="true">▶</span>
      </span>
    );
  }
  const src = first ? fileUrl(first.s3_key) : '/images/default-news.svg';
  return <img className="latest-news-picture" src={src} srcSet={srcSetOf(src)} sizes="(max-width: 640px) 104px, 260px" alt="" width={260} height={146} loading="lazy" />;
}

export function LatestNews() {
  const q = useLatestNews(LATEST);
  const news = q.data?.news ?? [];
  // A block of the page, not the page: while loading, failing or empty it shows nothing.
  if (!news.length) return null;
  return (
    <section className="home-block" aria-labelledby="latest-news-title">
      <div className="home-block-head">
        <h2 id="latest-news-title">{m.latestNews}</h2>
        <Link to="/news">{m.allNews}</Link>
      </div>
      <ul className="latest-news">
        {news.map((n) => (
          <li key={n.id}>
            <Link className="latest-news-card" to={`/news/${n.id}`}>
              <Picture news={n} />
              <span className="latest-news-text">
                <span className="latest-news-title">{n.name}</span>
                <time className="latest-news-date" dateTime={n.create_time}>{day.format(new Date(n.create_time))}</time>
                {n.excerpt && <span className="latest-news-excerpt">{n.excerpt}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

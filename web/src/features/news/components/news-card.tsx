// A news item in a list: the whole card leads to its page (the title's link covers it), while the heart
// and the stars above that link act in place. The preview is the server's (the description's first 8
// blocks, as text), sanitised again here.
import { useMemo } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { useSession } from '../../../stores/session.ts';
import type { NewsListItem } from '../../../shared/api/news.ts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { sanitizeNewsPreview } from '../sanitize.ts';
import { newsMessages as m } from '../messages.ts';
import { formatDuration } from '../video-duration.ts';
import { LikeButton, NewsRating } from './news-actions.tsx';

/** The card's picture: the first medium (a video gets an icon), else the first picture in the text. */
function Thumb({ news }: { news: NewsListItem }) {
  const first = news.media[0];
  const video = first?.video;
  if (video?.status === 'ready' && video.poster_url) {
    return (
      <span className="news-thumb video poster" role="img" aria-label={`${m.video}, ${m.videoDuration(formatDuration(video.duration_ms))}`}>
        <img src={video.poster_url} alt="" loading="lazy" />
        <span className="news-thumb-play" aria-hidden="true">▶</span>
        <span className="news-thumb-duration" aria-hidden="true">{formatDuration(video.duration_ms)}</span>
      </span>
    );
  }
  if (first?.media_type === 'video') {
    return (
      <span className="news-thumb video" role="img" aria-label={m.video}>
        <span aria-hidden="true">▶</span>
      </span>
    );
  }
  const src = first ? fileUrl(first.s3_key) : news.preview_image;
  return <img className={src ? 'news-thumb' : 'news-thumb empty'} src={src ?? '/images/default-news.svg'} alt="" loading="lazy" />;
}

export function NewsCard({ news }: { news: NewsListItem }) {
  const me = useSession().session?.user_id;
  const preview = useMemo(() => sanitizeNewsPreview(news.preview_html), [news.preview_html]);
  return (
    <article className="news-card">
      <Thumb news={news} />
      <div className="news-card-body">
        <h2 className="news-card-title">
          <Link to={`/news/${news.id}`} className="news-card-link">{news.name}</Link>
        </h2>
        <p className="news-card-meta">
          <time dateTime={news.create_time}>{formatDate(news.create_time)}</time>
          {!news.is_public && <span className="badge badge-private">{m.private}</span>}
          {me === news.creator_id && <span className="badge">{m.yours}</span>}
        </p>
        {preview ? (
          <div className="news-html news-card-preview" dangerouslySetInnerHTML={{ __html: preview }} />
        ) : (
          <p className="muted">{m.noDescription}</p>
        )}
        {news.description_cut && <span className="news-card-more" aria-hidden="true">{m.readMore}</span>}
        <div className="news-card-actions">
          <LikeButton news={news} />
          <NewsRating news={news} />
        </div>
      </div>
    </article>
  );
}

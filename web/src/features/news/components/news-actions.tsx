// What readers do with a news item: like it (signed-in users toggle the heart, visitors see the count)
// and rate it (signed-in users give 1 to 5 stars; everyone sees the average).
import { useAuthenticated } from '../../../stores/session.ts';
import type { NewsBase } from '../../../shared/api/news.ts';
import { formatNumber } from '../../../shared/i18n/number.ts';
import { Stars } from '../../../shared/ui/index.tsx';
import { useLike } from '../api/like.ts';
import { useRateNews } from '../api/rate-news.ts';
import { newsMessages as m } from '../messages.ts';

export function LikeButton({ news }: { news: NewsBase }) {
  const signedIn = useAuthenticated();
  const like = useLike();
  const count = <span className="like-count">{formatNumber(news.like_count)}</span>;
  if (!signedIn) {
    return (
      <span className="like-button static" role="img" aria-label={m.likes(news.like_count)}>
        <span aria-hidden="true">♡</span> {count}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={news.user_liked ? 'like-button on' : 'like-button'}
      aria-pressed={news.user_liked}
      aria-label={m.likes(news.like_count)}
      // One change at a time: the next click waits for the server's answer to the last.
      aria-disabled={like.isPending || undefined}
      onClick={() => {
        if (!like.isPending) like.mutate({ id: news.id, liked: !news.user_liked });
      }}
    >
      <span aria-hidden="true">{news.user_liked ? '♥' : '♡'}</span> {count}
    </button>
  );
}

export function NewsRating({ news }: { news: NewsBase }) {
  const signedIn = useAuthenticated();
  const rate = useRateNews();
  return (
    <span className="news-rating">
      {signedIn ? (
        <Stars value={news.user_rating} label={m.yourRating} onRate={(rating) => rate.mutate({ id: news.id, rating })} />
      ) : (
        <Stars value={news.average_rating} label={m.rating} />
      )}
      <span className="muted">{m.ratingSummary(news.average_rating, news.rating_count)}</span>
    </span>
  );
}

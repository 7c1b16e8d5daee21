// A tournament in the list: cover, title (the link to it), start date, type, rating to 2 decimals and the
// start of the description.
import { srcSetOf } from '../../../lib/nakama/file-url.ts';
import { Link } from '../../../lib/router/index.tsx';
import { tournamentImage, TOURNAMENT_TYPES, type Tournament } from '../../../shared/api/tournaments.ts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { formatRating } from '../../../shared/i18n/number.ts';
import { Stars } from '../../../shared/ui/index.tsx';
import { tournamentMessages as m } from '../messages.ts';

export function TournamentCard({ t, eager = false }: { t: Tournament; eager?: boolean }) {
  const cover = tournamentImage(t);
  return (
    <article className="tournament-card">
      <img
        className="tournament-card-cover"
        src={cover}
        srcSet={srcSetOf(cover)}
        sizes="(max-width: 640px) 88px, 340px"
        alt=""
        width={340}
        height={191}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
      />
      <div className="tournament-card-body">
        <h2 className="tournament-card-title">
          <Link to={`/tournaments/${t.id}`}>{t.title}</Link>
        </h2>
        <p className="tournament-card-meta">
          <span className="badge">{TOURNAMENT_TYPES[t.tournament_type]}</span>
          <time dateTime={t.start_time}>{m.starts(formatDate(t.start_time))}</time>
        </p>
        <p className="tournament-rating">
          <Stars value={t.rating} label={m.ratingLabel} />
          <span className="tournament-rating-value">{m.ratingOf(formatRating(t.rating), t.rating_count)}</span>
        </p>
        <p className="muted clamp">{t.description || m.noDescription}</p>
      </div>
    </article>
  );
}

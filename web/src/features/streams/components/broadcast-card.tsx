// A broadcast in the list: its player as a preview, the title leading to its page, the description as the
// list sends it (cut to 100 characters and an ellipsis), the start (or creation) time, and the badges
// 'Ваша трансляция' and 'Скоро начнётся'.
import { Link } from '../../../lib/router/index.tsx';
import { useSession } from '../../../stores/session.ts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import type { Stream } from '../api/get-stream.ts';
import { isUpcoming } from '../broadcast.ts';
import { broadcastMessages as m } from '../messages.ts';
import { BroadcastEmbed } from './broadcast-embed.tsx';

export function BroadcastCard({ stream }: { stream: Stream }) {
  const me = useSession().session?.user_id;
  const upcoming = isUpcoming(stream);
  return (
    <article className="broadcast-card">
      <BroadcastEmbed url={stream.embed_url} title={stream.title} size="preview" />
      <div className="broadcast-card-body">
        <h2 className="broadcast-card-title">
          <Link to={`/broadcasts/${stream.id}`}>{stream.title}</Link>
        </h2>
        <p className="broadcast-card-meta">
          {stream.start_time ? (
            <span>{m.startsAt}: <time dateTime={stream.start_time}>{formatDateTime(stream.start_time)}</time></span>
          ) : (
            <span>{m.createdAt}: <time dateTime={stream.create_time}>{formatDateTime(stream.create_time)}</time></span>
          )}
        </p>
        {(upcoming || me === stream.creator_id) && (
          <p className="broadcast-badges">
            {upcoming && <span className="badge badge-soon">{m.soon}</span>}
            {me === stream.creator_id && <span className="badge">{m.yours}</span>}
          </p>
        )}
        <p className="broadcast-card-description">{stream.description}</p>
      </div>
    </article>
  );
}

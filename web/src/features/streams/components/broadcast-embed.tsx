// A broadcast's player: a 16:9 preview on a card, 480 px high on its page.
import { EMBED_ALLOW, EMBED_SANDBOX, isEmbedUrl } from '../../../shared/lib/embed.ts';
import { broadcastMessages as m } from '../messages.ts';

export function BroadcastEmbed({ url, title, size }: { url: string; title: string; size: 'preview' | 'full' }) {
  const className = size === 'full' ? 'broadcast-frame full' : 'broadcast-frame preview';
  if (!isEmbedUrl(url)) return <p className={`${className} broadcast-unavailable`}>{m.unavailable}</p>;
  return (
    <iframe
      className={className}
      src={url}
      title={`${m.video}: ${title}`}
      height={size === 'full' ? 480 : undefined}
      loading="lazy"
      allowFullScreen
      sandbox={EMBED_SANDBOX}
      allow={EMBED_ALLOW}
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

// An embedded player of a stored embed_url: only the three hosts the server converts links to.
import { EMBED_ALLOW, EMBED_SANDBOX, isEmbedUrl } from '../../../shared/lib/embed.ts';
import { videoMessages as m } from '../messages.ts';

export function VideoEmbed({ url, title }: { url: string; title: string }) {
  if (!isEmbedUrl(url)) return <p className="video-unavailable">{m.unavailable}</p>;
  return (
    <iframe
      className="video-frame"
      src={url}
      title={title}
      loading="lazy"
      allowFullScreen
      sandbox={EMBED_SANDBOX}
      allow={EMBED_ALLOW}
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

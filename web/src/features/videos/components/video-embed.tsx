// An embedded player of a stored embed_url: only the three hosts the server converts links to.
import { videoMessages as m } from '../messages.ts';

const EMBED = /^https:\/\/(www\.youtube\.com\/embed\/|vk\.com\/video_ext\.php\?|rutube\.ru\/play\/embed\/)/;

function isEmbedUrl(url: string): boolean {
  return EMBED.test(url);
}

// The sandbox keeps the player's scripts and its own origin (players need both), fullscreen and popups
// (links out to the host); it forbids top navigation of the portal and form submission.
const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox';

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
      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

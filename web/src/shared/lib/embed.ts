// Embedded players of stored embed links (team videos, broadcasts): only the three hosts the server
// converts links to are ever put in a frame.
const EMBED = /^https:\/\/(www\.youtube\.com\/embed\/|vk\.com\/video_ext\.php\?|rutube\.ru\/play\/embed\/)/;

export function isEmbedUrl(url: string): boolean {
  return EMBED.test(url);
}

// The sandbox keeps the player's scripts and its own origin (players need both), fullscreen and popups
// (links out to the host); it forbids top navigation of the portal and form submission.
export const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox';

export const EMBED_ALLOW = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';

// Where an uploaded file is served: apart from the upload code, so a page that only shows files
// (the home page) does not load it.

/** The URL an uploaded file is served at. */
export function fileUrl(id: string): string {
  return `/uploads/${encodeURIComponent(id)}`;
}

/** The widths the server also serves an upload in (?w=, server/src/core/files.ts IMAGE_WIDTHS). */
const WIDTHS = [160, 320, 640, 960, 1280];

/** The srcset of an image address: an upload's served widths; undefined for the site's own images. */
export function srcSetOf(url: string): string | undefined {
  if (!url.startsWith('/uploads/')) return undefined;
  return WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

// GET|HEAD /uploads/{id}: the bytes of an uploaded file, for <img src>; ?w= one of IMAGE_WIDTHS, the image
// scaled to that width (for srcset). No session is needed: file ids are unguessable and the portal shows
// uploads publicly. An id never changes content, so caches keep it.
import type { Core } from '../core/index.ts';
import { IMAGE_WIDTHS } from '../core/files.ts';
import { AppError, Code, invalid } from '../errors.ts';
import type { Route } from '../http/routes.ts';

// The same error as an unknown path: unknown, malformed and missing files look alike.
const NOT_FOUND = () => new AppError(Code.NotFound, 'Not Found');

export function fileRoutes(core: Core): Route[] {
  return [
    {
      method: 'GET',
      path: '/uploads/{id}',
      auth: 'none',
      async handler(req) {
        const w = req.query.int('w');
        const width = IMAGE_WIDTHS.find((x) => x === w);
        if (w !== undefined && width === undefined) throw invalid(`w must be one of ${IMAGE_WIDTHS.join(', ')}.`);
        const info = await core.files.info(req.params.id);
        if (!info) throw NOT_FOUND();
        const etag = width ? `"${info.sha256}-w${width}"` : `"${info.sha256}"`;
        const headers: Record<string, string> = {
          'Cache-Control': 'public, max-age=31536000, immutable',
          ETag: etag,
          // Opened directly, the file may run nothing and load nothing.
          'Content-Security-Policy': "default-src 'none'",
        };
        if (matchesEtag(req.headers['if-none-match'], etag)) return { raw: true, status: 304, body: '', headers };
        const bytes = width ? await core.files.readScaled(info, width) : await core.files.read(info);
        if (!bytes) throw NOT_FOUND();
        return { raw: true, status: 200, body: bytes, contentType: info.mime, headers };
      },
    },
  ];
}

/** If-None-Match: "*" or a list of (possibly weak) entity tags. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

// The videos of news items: a medium of type video names an uploaded video (nk.videosGet). A ready one
// comes with its signed addresses, which only whoever sees the item receives; one still encoding (or
// failed) is shown to the item's creator alone, with its progress, and left out for everyone else.
import type { Nk } from '@tribuna/server';
import type { NewsMedia, NewsVideo } from './media-store.ts';

/** What a <source type> says of each rendition, so a browser picks the first it plays. */
const AV1 = 'video/mp4; codecs="av01.0.08M.08, opus"';
const H264 = 'video/mp4; codecs="avc1.640028, mp4a.40.2"';

interface WithMedia {
  creator_id: string;
  media: NewsMedia[];
}

/** Each item's video media with their video; not-ready ones dropped for anyone but the creator. */
export async function withVideos<T extends WithMedia>(nk: Pick<Nk, 'videosGet'>, viewer: string, items: T[]): Promise<T[]> {
  const ids = items.flatMap((n) => n.media.filter((m) => m.media_type === 'video').map((m) => m.s3_key));
  if (!ids.length) return items;
  const videos = await nk.videosGet(ids);
  return items.map((n) => ({
    ...n,
    media: n.media.flatMap((m): NewsMedia[] => {
      const v = m.media_type === 'video' ? videos.get(m.s3_key.toLowerCase()) : undefined;
      if (!v) return [m];
      if (v.status === 'ready' && v.urls) {
        const video: NewsVideo = {
          status: 'ready',
          progress: 100,
          duration_ms: v.durationMs ?? 0,
          poster_url: v.urls.poster,
          sources: [{ src: v.urls.av1, type: AV1 }, { src: v.urls.h264, type: H264 }],
        };
        if (v.width) video.width = v.width;
        if (v.height) video.height = v.height;
        return [{ ...m, video }];
      }
      if (viewer !== n.creator_id) return [];
      const video: NewsVideo = { status: v.status, progress: v.progress, duration_ms: v.durationMs ?? 0 };
      if (v.error) video.error = v.error;
      return [{ ...m, video }];
    }),
  }));
}

// A news item's photos and videos: thumbnails that open the full-size viewer (arrow keys, swipes,
// Escape). Its creator adds photos and takes them away here.
import { useRef, useState } from 'react';
import { srcSetOf } from '../../../lib/nakama/file-url.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import type { News } from '../../../shared/api/news.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { ImageUpload } from '../../../shared/ui/image-upload.tsx';
import { MediaViewer } from '../../../shared/ui/media-viewer.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useAddNewsMedia } from '../api/add-news-media.ts';
import { useRemoveNewsMedia } from '../api/remove-news-media.ts';
import { newsMessages as m } from '../messages.ts';
import { isUploadedVideo } from './news-videos.tsx';

const LABELS = { title: m.viewerTitle, previous: m.previous, next: m.next, previousShort: m.previousShort, nextShort: m.nextShort };

export function NewsGallery({ news, editable }: { news: News; editable: boolean }) {
  const [open, setOpen] = useState<number | null>(null);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const add = useAddNewsMedia();
  const remove = useRemoveNewsMedia();
  const toast = useToast();
  // Uploaded videos have their own players (news-videos.tsx).
  const media = news.media.filter((x) => !isUploadedVideo(x));
  if (!media.length && !editable) return null;
  const items = media.map((x, i) => ({ src: fileUrl(x.s3_key), alt: m.mediaAlt(i + 1), video: x.media_type === 'video' }));
  const fail = (err: unknown) => toast(apiErrorMessage(err, m.mediaFailed), 'error');
  // New photos go after the last one.
  const nextPosition = () => Math.max(-1, ...media.map((x) => x.position)) + 1;

  return (
    <section className="news-gallery" aria-labelledby="news-gallery-title">
      <h2 id="news-gallery-title" className="news-section-title">{m.media}</h2>
      {media.length > 0 && (
        <ul className="news-gallery-grid">
          {media.map((x, i) => (
            <li key={x.id}>
              <button type="button" className="news-gallery-thumb" ref={(el) => void (thumbs.current[i] = el)} aria-label={m.openMedia(i + 1, x.media_type === 'video')} onClick={() => setOpen(i)}>
                {x.media_type === 'video' ? <span className="news-thumb video" aria-hidden="true">▶</span> : <img src={fileUrl(x.s3_key)} srcSet={srcSetOf(fileUrl(x.s3_key))} sizes="160px" alt="" width={160} height={120} loading="lazy" />}
              </button>
              {editable && (
                <button
                  type="button"
                  className="news-gallery-remove"
                  aria-label={m.removeMedia(i + 1)}
                  title={m.removeMedia(i + 1)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: x.id, news_id: news.id }, { onSuccess: () => toast(m.mediaRemoved, 'success'), onError: fail })}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && (
        <ImageUpload
          label={m.addMedia}
          multiple
          failedMessage={m.imageFailed}
          onUploaded={(fileId) => add.mutateAsync({ news_id: news.id, file_id: fileId, position: nextPosition() }).then(() => toast(m.mediaAdded, 'success'), fail)}
        />
      )}
      {open !== null && items[open] && (
        <MediaViewer items={items} index={open} labels={LABELS} onIndexChange={setOpen} onClose={() => setOpen(null)} returnFocus={() => thumbs.current[open]} />
      )}
    </section>
  );
}

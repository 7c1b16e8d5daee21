// A news item's uploaded videos: each ready one in a <video> offering AV1 first and H.264 after it (the
// browser plays the first it can; seeking asks the server for byte ranges), one still encoding as its
// progress, live from the socket. The creator uploads videos here (resumable) and takes them away.
import { useRef, useState } from 'react';
import { uploadVideo, type VideoUpload } from '../../../lib/nakama/video-upload.ts';
import type { News } from '../../../shared/api/news.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, Progress } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useAddNewsMedia } from '../api/add-news-media.ts';
import { useRemoveNewsMedia } from '../api/remove-news-media.ts';
import { newsMessages as m } from '../messages.ts';
import { formatDuration } from '../video-duration.ts';

type Medium = News['media'][number];

/** Media that name an uploaded video (the older kind, a plain file marked video, stays in the gallery). */
export const isUploadedVideo = (x: Medium) => x.media_type === 'video' && x.video !== undefined;

function VideoStatus({ video }: { video: NonNullable<Medium['video']> }) {
  if (video.status === 'failed') return <p className="news-video-status error" role="alert">{m.videoFailed(video.error)}</p>;
  if (video.status === 'queued') return <p className="news-video-status" role="status">{m.videoQueued}</p>;
  return (
    <div className="news-video-status" role="status">
      <span>{m.videoProcessing(video.progress)}</span>
      <progress max={100} value={video.progress} aria-label={m.videoProcessing(video.progress)} />
    </div>
  );
}

function Uploader({ news }: { news: News }) {
  const [progress, setProgress] = useState<number | null>(null);
  const current = useRef<VideoUpload | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const add = useAddNewsMedia();
  const toast = useToast();
  const start = (file: File) => {
    setProgress(0);
    const u = uploadVideo(file, setProgress);
    current.current = u;
    const position = Math.max(-1, ...news.media.map((x) => x.position)) + 1;
    u.done
      .then((videoId) => add.mutateAsync({ news_id: news.id, file_id: videoId, position }))
      .then(
        () => toast(m.videoAdded, 'success'),
        (err) => {
          if (current.current === u) toast(apiErrorMessage(err, m.videoUploadFailed), 'error');
        },
      )
      .finally(() => {
        if (current.current === u) {
          current.current = null;
          setProgress(null);
        }
      });
  };
  const cancel = () => {
    current.current?.cancel();
    current.current = null;
    setProgress(null);
    toast(m.videoCancelled, 'info');
  };
  return (
    <div className="news-video-upload">
      {progress === null ? (
        <>
          <input
            ref={input}
            type="file"
            accept="video/*"
            hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) start(file);
            }}
          />
          <Button variant="secondary" onClick={() => input.current?.click()}>{m.addVideo}</Button>
          <p className="muted small">{m.videoRules}</p>
        </>
      ) : (
        <>
          <Progress value={progress} label={m.videoUploading(Math.round(progress * 100))} />
          <Button variant="secondary" onClick={cancel}>{m.videoCancel}</Button>
        </>
      )}
    </div>
  );
}

export function NewsVideos({ news, editable }: { news: News; editable: boolean }) {
  const remove = useRemoveNewsMedia();
  const toast = useToast();
  const videos = news.media.filter(isUploadedVideo);
  if (!videos.length && !editable) return null;
  return (
    <section className="news-videos" aria-labelledby="news-videos-title">
      <h2 id="news-videos-title" className="news-section-title">{m.videos}</h2>
      {videos.map((x, i) => {
        const v = x.video!;
        return (
          <figure key={x.id} className="news-video">
            {v.status === 'ready' && v.sources ? (
              <video controls preload="metadata" poster={v.poster_url} width={v.width} height={v.height} aria-label={m.videoPlayer(i + 1)}>
                {v.sources.map((s) => <source key={s.src} src={s.src} type={s.type} />)}
                {m.videoUnsupported}
              </video>
            ) : (
              <VideoStatus video={v} />
            )}
            <figcaption className="news-video-caption">
              {v.status === 'ready' && <span className="muted">{m.videoDuration(formatDuration(v.duration_ms))}</span>}
              {editable && (
                <Button
                  variant="secondary"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: x.id, news_id: news.id }, {
                    onSuccess: () => toast(m.videoRemoved, 'success'),
                    onError: (err) => toast(apiErrorMessage(err, m.mediaFailed), 'error'),
                  })}
                >
                  {m.removeVideo(i + 1)}
                </Button>
              )}
            </figcaption>
          </figure>
        );
      })}
      {editable && <Uploader news={news} />}
    </section>
  );
}

// Videos of a section or of a search, page by page, with the managers' tools on each card.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button, EmptyState, ErrorState, LoadMore, Spinner } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeleteVideo } from '../api/delete-team-video.ts';
import { useRestoreVideo } from '../api/restore-team-video.ts';
import type { Video, VideoPage } from '@tribuna/portal/types';
import { moveId } from '../api/order.ts';
import { videoMessages as m } from '../messages.ts';
import { loadErrorText } from './load-error.ts';
import { MoveButton } from './move-button.tsx';
import { VideoEmbed } from './video-embed.tsx';

interface Props {
  teamId: string;
  query: UseInfiniteQueryResult<InfiniteData<VideoPage>>;
  emptyText: string;
  canManage: boolean;
  onEdit(v: Video): void;
  /** Given in a section (not in search results): the new order of the loaded videos. */
  onReorder?(ids: string[]): void;
}

export function VideoList({ teamId, query, emptyText, canManage, onEdit, onReorder }: Props) {
  const toast = useToast();
  const del = useDeleteVideo(teamId);
  const restore = useRestoreVideo(teamId);
  const videos = query.data?.pages.flatMap((p) => p.videos ?? []) ?? [];
  const ids = videos.map((v) => v.id);
  const fail = (err: unknown) => toast(apiErrorMessage(err, m.actionFailed), 'error');

  if (query.isPending) return <Spinner />;
  const error = query.isError && <ErrorState onRetry={() => void query.refetch()}>{loadErrorText(query.error)}</ErrorState>;
  if (videos.length === 0) return error || <EmptyState>{emptyText}</EmptyState>;

  return (
    <>
      <ul className="video-grid">
        {videos.map((v, i) => (
          <li key={v.id} className={v.delete_time ? 'video-card deleted' : 'video-card'}>
            <div className="video-frame-box">
              <VideoEmbed url={v.embed_url} title={v.title} />
            </div>
            <div className="video-card-body">
              <h4 className="video-title">
                {v.title} {v.delete_time && <span className="video-badge">{m.deletedBadge}</span>}
              </h4>
              {v.description && <p className="video-description">{v.description}</p>}
              {v.tags && v.tags.length > 0 && (
                <ul className="video-tags" aria-label={m.tags}>
                  {v.tags.map((t) => (
                    <li key={t}>#{t}</li>
                  ))}
                </ul>
              )}
              {canManage && (
                <div className="video-tools">
                  {onReorder && (
                    <>
                      <MoveButton label={m.videoUp(v.title)} disabled={i === 0} onClick={() => onReorder(moveId(ids, i, -1) ?? ids)}>{m.moveUp}</MoveButton>
                      <MoveButton label={m.videoDown(v.title)} disabled={i === videos.length - 1} onClick={() => onReorder(moveId(ids, i, 1) ?? ids)}>{m.moveDown}</MoveButton>
                    </>
                  )}
                  <Button variant="ghost" aria-label={m.editNamed(v.title)} onClick={() => onEdit(v)}>{m.edit}</Button>
                  {v.delete_time ? (
                    <Button variant="ghost" aria-label={m.restoreNamed(v.title)} disabled={restore.isPending} onClick={() => restore.mutate({ id: v.id }, { onSuccess: () => toast(m.videoRestored, 'success'), onError: fail })}>
                      {m.restore}
                    </Button>
                  ) : (
                    <Button variant="ghost" aria-label={m.deleteNamed(v.title)} disabled={del.isPending} onClick={() => del.mutate({ id: v.id }, { onSuccess: () => toast(m.videoDeleted, 'success'), onError: fail })}>
                      {m.delete}
                    </Button>
                  )}
                </div>
              )}
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={query}>{m.loadMore}</LoadMore>
      {query.isFetchingNextPage && <Spinner />}
      {error}
    </>
  );
}

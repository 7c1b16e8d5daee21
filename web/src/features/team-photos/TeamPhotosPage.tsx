// /teams/{teamId}/photos: the team's photo sections and their photos, with a full-size viewer.
// Managers create, rename, delete and restore sections, upload, move, delete and restore photos.
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTeam } from '../../shared/api/team.ts';
import { formatNumber } from '../../shared/i18n/number.ts';
import { apiErrorMessage } from '../../shared/lib/error-message.ts';
import { Button, EmptyState, ErrorState, Spinner } from '../../shared/ui/index.tsx';
import { useToast } from '../../shared/ui/toast.tsx';
import { useDeletePhotoSection } from './api/delete-team-photo-section.ts';
import { usePhotoSections } from './api/list-team-photo-sections.ts';
import { usePhotos } from './api/list-team-photos.ts';
import { useRestorePhotoSection } from './api/restore-team-photo-section.ts';
import type { PhotoSection } from './api/types.ts';
import { PhotoGrid } from './components/photo-grid.tsx';
import { PhotoUpload } from './components/photo-upload.tsx';
import { PhotoViewer } from './components/photo-viewer.tsx';
import { SectionDialog } from './components/section-dialog.tsx';
import { photoMessages as m } from './messages.ts';
import './photos.css';

export function Component() {
  const { teamId = '' } = useParams();
  const toast = useToast();
  const team = useTeam(teamId);
  const canManage = team.data?.viewer?.can_manage === true;
  const [showDeleted, setShowDeleted] = useState(false);
  const includeDeleted = canManage && showDeleted;

  const sectionsQ = usePhotoSections(teamId, includeDeleted);
  const sections = sectionsQ.data?.pages.flatMap((p) => p.sections ?? []) ?? [];
  const [selectedId, setSelectedId] = useState<string>();
  const selected = sections.find((s) => s.id === selectedId) ?? sections[0];

  const photosQ = usePhotos(teamId, selected?.id, includeDeleted);
  const photos = photosQ.data?.pages.flatMap((p) => p.photos ?? []) ?? [];
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const thumbs = useRef(new Map<string, HTMLButtonElement>());
  const [sectionDialog, setSectionDialog] = useState<{ section?: PhotoSection } | null>(null);

  const delSection = useDeletePhotoSection(teamId);
  const restoreSection = useRestorePhotoSection(teamId);
  const fail = (err: unknown) => toast(apiErrorMessage(err, m.actionFailed), 'error');
  const viewerPhoto = viewerIndex === null ? undefined : photos[Math.min(viewerIndex, photos.length - 1)];

  return (
    <section className="team-photos stack" aria-labelledby="team-photos-title">
      <div className="page-head">
        <h2 id="team-photos-title" className="team-media-title">{m.title}</h2>
        {canManage && (
          <div className="row">
            <Button variant={showDeleted ? 'primary' : 'ghost'} aria-pressed={showDeleted} onClick={() => setShowDeleted((v) => !v)}>{m.showDeleted}</Button>
            <Button onClick={() => setSectionDialog({})}>{m.newSection}</Button>
          </div>
        )}
      </div>

      {sectionsQ.isPending && <Spinner />}
      {sectionsQ.isError && <ErrorState onRetry={() => void sectionsQ.refetch()}>{m.sectionsFailed}</ErrorState>}
      {sectionsQ.isSuccess && sections.length === 0 && <EmptyState>{canManage ? m.noSectionsManager : m.noSections}</EmptyState>}

      {sections.length > 0 && (
        <nav aria-label={m.sections}>
          <ul className="media-sections">
            {sections.map((s) => (
              <li key={s.id}>
                <button type="button" className={s.delete_time ? 'media-section deleted' : 'media-section'} aria-pressed={s.id === selected?.id} onClick={() => setSelectedId(s.id)}>
                  <span>{s.title}</span>
                  <span className="media-section-count">{m.photoCount(formatNumber(s.photo_count ?? 0))}</span>
                  {s.delete_time && <span className="photo-badge">{m.deletedBadge}</span>}
                </button>
              </li>
            ))}
          </ul>
          {sectionsQ.hasNextPage && (
            <Button variant="ghost" disabled={sectionsQ.isFetchingNextPage} onClick={() => void sectionsQ.fetchNextPage()}>{m.moreSections}</Button>
          )}
        </nav>
      )}

      {selected && (
        <section className="stack" aria-labelledby="photo-section-heading">
          <div className="page-head">
            <div>
              <h3 id="photo-section-heading" className="media-section-title">{selected.title}</h3>
              {selected.description && <p className="muted media-section-description">{selected.description}</p>}
            </div>
            {canManage && (
              <div className="row">
                <Button variant="ghost" onClick={() => setSectionDialog({ section: selected })}>{m.renameSection}</Button>
                {selected.delete_time ? (
                  <Button variant="ghost" disabled={restoreSection.isPending} onClick={() => restoreSection.mutate({ id: selected.id }, { onSuccess: () => toast(m.sectionRestored, 'success'), onError: fail })}>
                    {m.restoreSection}
                  </Button>
                ) : (
                  <Button variant="ghost" disabled={delSection.isPending} onClick={() => delSection.mutate({ id: selected.id }, { onSuccess: () => toast(m.sectionDeleted, 'success'), onError: fail })}>
                    {m.deleteSection}
                  </Button>
                )}
              </div>
            )}
          </div>
          {canManage && !selected.delete_time && <PhotoUpload teamId={teamId} sectionId={selected.id} />}
          {photosQ.isPending && <Spinner />}
          {photosQ.isError && <ErrorState onRetry={() => void photosQ.refetch()}>{m.photosFailed}</ErrorState>}
          {photosQ.isSuccess && photos.length === 0 && <EmptyState>{m.noPhotos}</EmptyState>}
          {photos.length > 0 && (
            <PhotoGrid
              teamId={teamId}
              photos={photos}
              sections={sections.filter((s) => !s.delete_time)}
              canManage={canManage}
              onOpen={setViewerIndex}
              thumbRef={(id, el) => {
                if (el) thumbs.current.set(id, el);
                else thumbs.current.delete(id);
              }}
            />
          )}
          {photosQ.hasNextPage && (
            <Button variant="secondary" disabled={photosQ.isFetchingNextPage} onClick={() => void photosQ.fetchNextPage()}>{m.loadMore}</Button>
          )}
        </section>
      )}

      {viewerPhoto && viewerIndex !== null && (
        <PhotoViewer
          photos={photos}
          index={Math.min(viewerIndex, photos.length - 1)}
          onIndexChange={setViewerIndex}
          onClose={() => setViewerIndex(null)}
          // Back to the thumbnail of the photo last shown, which may not be the one first opened.
          returnFocus={() => thumbs.current.get(viewerPhoto.id)}
        />
      )}
      {sectionDialog && canManage && (
        <SectionDialog teamId={teamId} section={sectionDialog.section} onClose={() => setSectionDialog(null)} onCreated={(s) => setSelectedId(s.id)} />
      )}
    </section>
  );
}

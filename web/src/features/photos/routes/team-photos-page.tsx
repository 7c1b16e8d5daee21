// /teams/{teamId}/photos: the team's photo sections and their photos, with a full-size viewer.
// Managers create, rename, delete and restore sections, upload, move, delete and restore photos.
import { useRef, useState } from 'react';
import { useParams } from '../../../lib/router/index.tsx';
import { formatNumber } from '../../../shared/i18n/number.ts';
import { useSelected } from '../../../shared/lib/use-selected.ts';
import { Button, EmptyState, ErrorState, LoadMore, Spinner } from '../../../shared/ui/index.tsx';
import { SectionDialog } from '../../../shared/ui/section-dialog.tsx';
import { MediaPageHead, SectionsState, useMediaManagement } from '../../../shared/ui/media-page.tsx';
import { SectionHead } from '../../../shared/ui/section-head.tsx';
import { useCreatePhotoSection } from '../api/create-team-photo-section.ts';
import { useDeletePhotoSection } from '../api/delete-team-photo-section.ts';
import { usePhotoSections } from '../api/list-team-photo-sections.ts';
import { usePhotos } from '../api/list-team-photos.ts';
import { useRestorePhotoSection } from '../api/restore-team-photo-section.ts';
import type { PhotoSection } from '@tribuna/portal/types';
import { useUpdatePhotoSection } from '../api/update-team-photo-section.ts';
import { PhotoGrid } from '../components/photo-grid.tsx';
import { PhotoUpload } from '../components/photo-upload.tsx';
import { PhotoViewer } from '../components/photo-viewer.tsx';
import { photoMessages as m } from '../messages.ts';
import '../photos.css';

export function Component() {
  const { teamId = '' } = useParams();
  const manage = useMediaManagement(teamId);
  const { canManage, includeDeleted } = manage;

  const sectionsQ = usePhotoSections(teamId, includeDeleted);
  const sections = sectionsQ.data?.pages.flatMap((p) => p.sections ?? []) ?? [];
  const [selected, setSelectedId] = useSelected(sections);

  const photosQ = usePhotos(teamId, selected?.id, includeDeleted);
  const photos = photosQ.data?.pages.flatMap((p) => p.photos ?? []) ?? [];
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const thumbs = useRef(new Map<string, HTMLButtonElement>());
  const [sectionDialog, setSectionDialog] = useState<{ section?: PhotoSection } | null>(null);

  const delSection = useDeletePhotoSection(teamId);
  const restoreSection = useRestorePhotoSection(teamId);
  const viewerPhoto = viewerIndex === null ? undefined : photos[Math.min(viewerIndex, photos.length - 1)];

  return (
    <section className="team-photos stack" aria-labelledby="team-photos-title">
      <MediaPageHead id="team-photos-title" title={m.title} manage={manage}>
        <Button onClick={() => setSectionDialog({})}>{m.newSection}</Button>
      </MediaPageHead>

      <SectionsState query={sectionsQ} count={sections.length} canManage={canManage} failed={m.sectionsFailed} empty={m.noSections} emptyManager={m.noSectionsManager} />

      {sections.length > 0 && (
        <nav aria-label={m.sections}>
          <ul className="media-sections">
            {sections.map((s) => (
              <li key={s.id}>
                <button type="button" className={s.delete_time ? 'media-section deleted' : 'media-section'} aria-pressed={s.id === selected?.id} onClick={() => setSelectedId(s.id)}>
                  <span className="media-section-name" title={s.title}>{s.title}</span>
                  <span className="media-section-count">{m.photoCount(formatNumber(s.photo_count ?? 0))}</span>
                  {s.delete_time && <span className="photo-badge">{m.deletedBadge}</span>}
                </button>
              </li>
            ))}
          </ul>
          <LoadMore query={sectionsQ} variant="ghost">{m.moreSections}</LoadMore>
        </nav>
      )}

      {selected && (
        <section className="stack" aria-labelledby="photo-section-heading">
          <SectionHead
            headingId="photo-section-heading"
            section={selected}
            canManage={canManage}
            renameLabel={m.renameSection}
            onRename={() => setSectionDialog({ section: selected })}
            remove={delSection}
            restore={restoreSection}
          />
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
          <LoadMore query={photosQ}>{m.loadMore}</LoadMore>
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
        <SectionDialog
          teamId={teamId}
          section={sectionDialog.section}
          idPrefix="photo-section"
          titleRequired={m.sectionTitleRequired}
          useCreate={useCreatePhotoSection}
          useUpdate={useUpdatePhotoSection}
          onClose={() => setSectionDialog(null)}
          onCreated={(s) => setSelectedId(s.id)}
        />
      )}
    </section>
  );
}

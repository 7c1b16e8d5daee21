// /teams/{teamId}/videos: video sections (the first selected), their videos 12 at a time, and search.
// Managers add, edit, delete and restore videos and sections and reorder both.
import { useState, type FormEvent } from 'react';
import { useParams } from '../../../lib/router/index.tsx';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { useSelected } from '../../../shared/lib/use-selected.ts';
import { Button, LoadMore, TextControl } from '../../../shared/ui/index.tsx';
import { SectionDialog } from '../../../shared/ui/section-dialog.tsx';
import { MediaPageHead, SectionsState, useMediaManagement } from '../../../shared/ui/media-page.tsx';
import { SectionHead } from '../../../shared/ui/section-head.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCreateVideoSection } from '../api/create-team-video-section.ts';
import { useDeleteVideoSection } from '../api/delete-team-video-section.ts';
import { useVideoSections } from '../api/list-team-video-sections.ts';
import { useSectionVideos } from '../api/list-team-videos.ts';
import { useReorderVideoSections } from '../api/reorder-team-video-sections.ts';
import { useReorderVideos } from '../api/reorder-team-videos.ts';
import { useRestoreVideoSection } from '../api/restore-team-video-section.ts';
import { SEARCH_MAX, useSearchVideos } from '../api/search-team-videos.ts';
import type { Video, VideoSection } from '@tribuna/portal/types';
import { useUpdateVideoSection } from '../api/update-team-video-section.ts';
import { loadErrorText } from '../components/load-error.ts';
import { SectionNav } from '../components/section-nav.tsx';
import { VideoDialog } from '../components/video-dialog.tsx';
import { VideoList } from '../components/video-list.tsx';
import { videoMessages as m } from '../messages.ts';
import '../videos.css';

type DialogState = { kind: 'section'; section?: VideoSection } | { kind: 'video'; video?: Video };

export function Component() {
  const { teamId = '' } = useParams();
  const toast = useToast();
  const manage = useMediaManagement(teamId);
  const { canManage, includeDeleted } = manage;

  const sectionsQ = useVideoSections(teamId, includeDeleted);
  const sections = sectionsQ.data?.pages.flatMap((p) => p.sections ?? []) ?? [];
  const [selected, setSelectedId] = useSelected(sections);
  const videosQ = useSectionVideos(teamId, selected?.id, includeDeleted);

  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const searchQ = useSearchVideos(teamId, search);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const reorderSections = useReorderVideoSections(teamId, includeDeleted);
  const reorderVideos = useReorderVideos(teamId, includeDeleted);
  const delSection = useDeleteVideoSection(teamId);
  const restoreSection = useRestoreVideoSection(teamId);
  const failReorder = (err: unknown) => toast(apiErrorMessage(err, m.reorderFailed), 'error');
  const liveSections = sections.filter((s) => !s.delete_time);

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
  }

  return (
    <section className="team-videos stack" aria-labelledby="team-videos-title">
      <MediaPageHead id="team-videos-title" title={m.title} manage={manage}>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'section' })}>{m.newSection}</Button>
        {liveSections.length > 0 && <Button onClick={() => setDialog({ kind: 'video' })}>{m.addVideo}</Button>}
      </MediaPageHead>

      <form role="search" className="video-search" onSubmit={submitSearch}>
        <label htmlFor="video-search-input" className="visually-hidden">{m.searchLabel}</label>
        <span className="text-box video-search-box">
          <TextControl id="video-search-input" type="search" placeholder={m.searchPlaceholder} limit={SEARCH_MAX} counter="near" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </span>
        <button type="submit" className="btn btn-primary">{m.search}</button>
        {search && (
          <Button
            variant="ghost"
            onClick={() => {
              setSearch('');
              setDraft('');
            }}
          >
            {m.resetSearch}
          </Button>
        )}
      </form>

      {search ? (
        <section className="stack" aria-labelledby="video-search-title">
          <h3 id="video-search-title" className="media-section-title">{m.searchResults(search)}</h3>
          <VideoList teamId={teamId} query={searchQ} emptyText={m.nothingFound(search)} canManage={canManage} onEdit={(video) => setDialog({ kind: 'video', video })} />
        </section>
      ) : (
        <>
          <SectionsState query={sectionsQ} count={sections.length} canManage={canManage} failed={loadErrorText(sectionsQ.error)} empty={m.noSections} emptyManager={m.noSectionsManager} />
          {sections.length > 0 && (
            <nav aria-label={m.sections}>
              <SectionNav
                sections={sections}
                selectedId={selected?.id}
                onSelect={setSelectedId}
                canManage={canManage}
                onReorder={(ids) => reorderSections.mutate({ team_id: teamId, ids }, { onError: failReorder })}
              />
              <LoadMore query={sectionsQ} variant="ghost">{m.moreSections}</LoadMore>
            </nav>
          )}
          {selected && (
            <section className="stack" aria-labelledby="video-section-heading">
              <SectionHead
                headingId="video-section-heading"
                section={selected}
                canManage={canManage}
                renameLabel={m.renameSection}
                onRename={() => setDialog({ kind: 'section', section: selected })}
                remove={delSection}
                restore={restoreSection}
              />
              <VideoList
                teamId={teamId}
                query={videosQ}
                emptyText={m.empty}
                canManage={canManage}
                onEdit={(video) => setDialog({ kind: 'video', video })}
                onReorder={(ids) => reorderVideos.mutate({ section_id: selected.id, ids }, { onError: failReorder })}
              />
            </section>
          )}
        </>
      )}

      {canManage && dialog?.kind === 'section' && (
        <SectionDialog
          teamId={teamId}
          section={dialog.section}
          idPrefix="video-section"
          titleRequired={m.titleRequired}
          useCreate={useCreateVideoSection}
          useUpdate={useUpdateVideoSection}
          onClose={() => setDialog(null)}
          onCreated={(s) => setSelectedId(s.id)}
        />
      )}
      {canManage && dialog?.kind === 'video' && (
        <VideoDialog
          teamId={teamId}
          sections={dialog.video ? sections.filter((s) => !s.delete_time || s.id === dialog.video?.section_id) : liveSections}
          video={dialog.video}
          sectionId={selected && !selected.delete_time ? selected.id : (liveSections[0]?.id ?? '')}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}

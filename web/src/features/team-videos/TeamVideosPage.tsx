// /teams/{teamId}/videos: video sections (the first selected), their videos 12 at a time, and search.
// Managers add, edit, delete and restore videos and sections and reorder both.
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTeam } from '../../shared/api/team.ts';
import { apiErrorMessage } from '../../shared/lib/error-message.ts';
import { Button, EmptyState, ErrorState, Spinner } from '../../shared/ui/index.tsx';
import { useToast } from '../../shared/ui/toast.tsx';
import { useDeleteVideoSection } from './api/delete-team-video-section.ts';
import { useVideoSections } from './api/list-team-video-sections.ts';
import { useSectionVideos } from './api/list-team-videos.ts';
import { useReorderVideoSections } from './api/reorder-team-video-sections.ts';
import { useReorderVideos } from './api/reorder-team-videos.ts';
import { useRestoreVideoSection } from './api/restore-team-video-section.ts';
import { SEARCH_MAX, useSearchVideos } from './api/search-team-videos.ts';
import type { Video, VideoSection } from './api/types.ts';
import { loadErrorText } from './components/load-error.ts';
import { SectionDialog } from './components/section-dialog.tsx';
import { SectionNav } from './components/section-nav.tsx';
import { VideoDialog } from './components/video-dialog.tsx';
import { VideoList } from './components/video-list.tsx';
import { videoMessages as m } from './messages.ts';
import './videos.css';

type DialogState = { kind: 'section'; section?: VideoSection } | { kind: 'video'; video?: Video };

export function Component() {
  const { teamId = '' } = useParams();
  const toast = useToast();
  const team = useTeam(teamId);
  const canManage = team.data?.viewer?.can_manage === true;
  const [showDeleted, setShowDeleted] = useState(false);
  const includeDeleted = canManage && showDeleted;

  const sectionsQ = useVideoSections(teamId, includeDeleted);
  const sections = sectionsQ.data?.pages.flatMap((p) => p.sections ?? []) ?? [];
  const [selectedId, setSelectedId] = useState<string>();
  const selected = sections.find((s) => s.id === selectedId) ?? sections[0];
  const videosQ = useSectionVideos(teamId, selected?.id, includeDeleted);

  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const searchQ = useSearchVideos(teamId, search);

  const [dialog, setDialog] = useState<DialogState | null>(null);
  const reorderSections = useReorderVideoSections(teamId, includeDeleted);
  const reorderVideos = useReorderVideos(teamId, includeDeleted);
  const delSection = useDeleteVideoSection(teamId);
  const restoreSection = useRestoreVideoSection(teamId);
  const fail = (err: unknown) => toast(apiErrorMessage(err, m.actionFailed), 'error');
  const failReorder = (err: unknown) => toast(apiErrorMessage(err, m.reorderFailed), 'error');
  const liveSections = sections.filter((s) => !s.delete_time);

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim().slice(0, SEARCH_MAX));
  }

  return (
    <section className="team-videos stack" aria-labelledby="team-videos-title">
      <div className="page-head">
        <h2 id="team-videos-title" className="team-media-title">{m.title}</h2>
        {canManage && (
          <div className="row">
            <Button variant={showDeleted ? 'primary' : 'ghost'} aria-pressed={showDeleted} onClick={() => setShowDeleted((v) => !v)}>{m.showDeleted}</Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'section' })}>{m.newSection}</Button>
            {liveSections.length > 0 && <Button onClick={() => setDialog({ kind: 'video' })}>{m.addVideo}</Button>}
          </div>
        )}
      </div>

      <form role="search" className="video-search" onSubmit={submitSearch}>
        <label htmlFor="video-search-input" className="visually-hidden">{m.searchLabel}</label>
        <input id="video-search-input" type="search" placeholder={m.searchPlaceholder} maxLength={SEARCH_MAX} value={draft} onChange={(e) => setDraft(e.target.value)} />
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
          {sectionsQ.isPending && <Spinner />}
          {sectionsQ.isError && <ErrorState onRetry={() => void sectionsQ.refetch()}>{loadErrorText(sectionsQ.error)}</ErrorState>}
          {sectionsQ.isSuccess && sections.length === 0 && <EmptyState>{canManage ? m.noSectionsManager : m.noSections}</EmptyState>}
          {sections.length > 0 && (
            <nav aria-label={m.sections}>
              <SectionNav
                sections={sections}
                selectedId={selected?.id}
                onSelect={setSelectedId}
                canManage={canManage}
                onReorder={(ids) => reorderSections.mutate({ team_id: teamId, ids }, { onError: failReorder })}
              />
              {sectionsQ.hasNextPage && (
                <Button variant="ghost" disabled={sectionsQ.isFetchingNextPage} onClick={() => void sectionsQ.fetchNextPage()}>{m.moreSections}</Button>
              )}
            </nav>
          )}
          {selected && (
            <section className="stack" aria-labelledby="video-section-heading">
              <div className="page-head">
                <div>
                  <h3 id="video-section-heading" className="media-section-title">{selected.title}</h3>
                  {selected.description && <p className="muted media-section-description">{selected.description}</p>}
                </div>
                {canManage && (
                  <div className="row">
                    <Button variant="ghost" onClick={() => setDialog({ kind: 'section', section: selected })}>{m.renameSection}</Button>
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
        <SectionDialog teamId={teamId} section={dialog.section} onClose={() => setDialog(null)} onCreated={(s) => setSelectedId(s.id)} />
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

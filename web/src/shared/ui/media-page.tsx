// The frame a team's photo and video pages share: the team's managers manage (and may show deleted
// sections and items), the heading carries those controls, and the sections' list has one set of
// loading, failure and empty states.
import { useState, type ReactNode } from 'react';
import { useTeam } from '../api/teams.ts';
import { EmptyState, ErrorState, Spinner } from './index.tsx';
import { ShowDeletedButton } from './section-head.tsx';

export interface MediaManagement {
  canManage: boolean;
  showDeleted: boolean;
  toggleDeleted(): void;
  /** Deleted sections and items are asked for only by a manager who chose to see them. */
  includeDeleted: boolean;
}

export function useMediaManagement(teamId: string): MediaManagement {
  const team = useTeam(teamId);
  const canManage = team.data?.viewer?.can_manage === true;
  const [showDeleted, setShowDeleted] = useState(false);
  return { canManage, showDeleted, toggleDeleted: () => setShowDeleted((v) => !v), includeDeleted: canManage && showDeleted };
}

/** The page's heading; a manager gets the deleted toggle and the page's own buttons beside it. */
export function MediaPageHead({ id, title, manage, children }: { id: string; title: string; manage: MediaManagement; children?: ReactNode }) {
  return (
    <div className="page-head">
      <h2 id={id} className="team-media-title">{title}</h2>
      {manage.canManage && (
        <div className="row">
          <ShowDeletedButton pressed={manage.showDeleted} onToggle={manage.toggleDeleted} />
          {children}
        </div>
      )}
    </div>
  );
}

interface StateProps {
  query: { isPending: boolean; isError: boolean; isSuccess: boolean; refetch(): unknown };
  count: number;
  canManage: boolean;
  failed: string;
  /** What a visitor reads, and what a manager reads (with a hint to create one), when there is no section. */
  empty: string;
  emptyManager: string;
}

/** The sections' loading, failure and empty states. */
export function SectionsState({ query, count, canManage, failed, empty, emptyManager }: StateProps) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()}>{failed}</ErrorState>;
  if (query.isSuccess && count === 0) return <EmptyState>{canManage ? emptyManager : empty}</EmptyState>;
  return null;
}

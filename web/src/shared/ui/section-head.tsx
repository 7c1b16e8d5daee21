// The selected section of a team's photos or videos: its title and description; managers rename it,
// delete it (softly) and restore it, and choose whether deleted ones are shown.
import { sectionMessages as m } from '../i18n/sections.ts';
import { apiErrorMessage } from '../lib/error-message.ts';
import { Button, ToggleButton } from './index.tsx';
import { useToast } from './toast.tsx';

/** The part of a TanStack mutation the head uses. */
interface Action {
  mutate(input: { id: string }, options: { onSuccess(): void; onError(err: unknown): void }): void;
  isPending: boolean;
}

interface Props {
  headingId: string;
  section: { id: string; title: string; description: string; delete_time?: string };
  canManage: boolean;
  renameLabel: string;
  onRename(): void;
  remove: Action;
  restore: Action;
}

/** Managers' switch between live sections and items only and deleted ones too. */
export function ShowDeletedButton({ pressed, onToggle }: { pressed: boolean; onToggle(): void }) {
  return (
    <ToggleButton pressed={pressed} onClick={onToggle}>
      {m.showDeleted}
    </ToggleButton>
  );
}

export function SectionHead({ headingId, section, canManage, renameLabel, onRename, remove, restore }: Props) {
  const toast = useToast();
  const fail = (err: unknown) => toast(apiErrorMessage(err, m.actionFailed), 'error');
  return (
    <div className="page-head">
      <div>
        <h3 id={headingId} className="media-section-title">{section.title}</h3>
        {section.description && <p className="muted media-section-description">{section.description}</p>}
      </div>
      {canManage && (
        <div className="row">
          <Button variant="ghost" onClick={onRename}>{renameLabel}</Button>
          {section.delete_time ? (
            <Button variant="ghost" disabled={restore.isPending} onClick={() => restore.mutate({ id: section.id }, { onSuccess: () => toast(m.restored, 'success'), onError: fail })}>
              {m.restore}
            </Button>
          ) : (
            <Button variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate({ id: section.id }, { onSuccess: () => toast(m.deleted, 'success'), onError: fail })}>
              {m.delete}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

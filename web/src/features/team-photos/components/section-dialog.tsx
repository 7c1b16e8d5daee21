// Create a photo section or change its title and description.
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Field, Notice } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCreatePhotoSection } from '../api/create-team-photo-section.ts';
import type { PhotoSection } from '../api/types.ts';
import { useUpdatePhotoSection } from '../api/update-team-photo-section.ts';
import { photoMessages as m } from '../messages.ts';

export const SECTION_TITLE_MAX = 200;

export function SectionDialog({ teamId, section, onClose, onCreated }: { teamId: string; section?: PhotoSection; onClose(): void; onCreated?(s: PhotoSection): void }) {
  const toast = useToast();
  const create = useCreatePhotoSection(teamId);
  const update = useUpdatePhotoSection(teamId);
  const [title, setTitle] = useState(section?.title ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const pending = create.isPending || update.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = title.trim();
    const problem = !t ? m.sectionTitleRequired : t.length > SECTION_TITLE_MAX ? m.sectionTitleTooLong : undefined;
    setError(problem);
    if (problem) return;
    setFailure(undefined);
    try {
      if (section) {
        await update.mutateAsync({ id: section.id, title: t, description: description.trim() });
        toast(m.sectionSaved, 'success');
      } else {
        const created = await create.mutateAsync({ team_id: teamId, title: t, description: description.trim() || undefined });
        toast(m.sectionCreated, 'success');
        onCreated?.(created);
      }
      onClose();
    } catch (err) {
      setFailure(apiErrorMessage(err, m.actionFailed));
    }
  }

  return (
    <Dialog title={section ? m.sectionFormRename : m.sectionFormCreate} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={m.sectionTitle} id="photo-section-title" data-autofocus maxLength={SECTION_TITLE_MAX} value={title} error={error} onChange={(e) => setTitle(e.target.value)} />
        <div className="field">
          <label htmlFor="photo-section-description">{m.sectionDescription}</label>
          <textarea id="photo-section-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        {failure && <Notice kind="error">{failure}</Notice>}
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose}>{m.cancel}</Button>
          <button type="submit" className="btn btn-primary" disabled={pending}>{pending ? m.saving : section ? m.save : m.create}</button>
        </div>
      </form>
    </Dialog>
  );
}

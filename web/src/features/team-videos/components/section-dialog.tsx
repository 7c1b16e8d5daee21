// Create a video section or change its title and description.
import { useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Field, Notice } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useCreateVideoSection } from '../api/create-team-video-section.ts';
import type { VideoSection } from '../api/types.ts';
import { useUpdateVideoSection } from '../api/update-team-video-section.ts';
import { videoMessages as m } from '../messages.ts';
import { TITLE_MAX } from './video-form.ts';

export function SectionDialog({ teamId, section, onClose, onCreated }: { teamId: string; section?: VideoSection; onClose(): void; onCreated?(s: VideoSection): void }) {
  const toast = useToast();
  const create = useCreateVideoSection(teamId);
  const update = useUpdateVideoSection(teamId);
  const [title, setTitle] = useState(section?.title ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const pending = create.isPending || update.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = title.trim();
    const problem = !t ? m.titleRequired : t.length > TITLE_MAX ? m.titleTooLong : undefined;
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
    <Dialog title={section ? m.sectionFormEdit : m.sectionFormCreate} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={m.fieldTitle} id="video-section-title" data-autofocus maxLength={TITLE_MAX} value={title} error={error} onChange={(e) => setTitle(e.target.value)} />
        <div className="field">
          <label htmlFor="video-section-description">{m.fieldDescription}</label>
          <textarea id="video-section-description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
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

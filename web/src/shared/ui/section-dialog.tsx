// Create a section of a team's photos or videos, or change its title and description.
import { useState, type FormEvent } from 'react';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { sectionMessages as m } from '../i18n/sections.ts';
import { apiErrorMessage } from '../lib/error-message.ts';
import { measure } from '../lib/text-length.ts';
import { Dialog } from './dialog.tsx';
import { Button, Field, Notice, TextAreaField } from './index.tsx';
import { useToast } from './toast.tsx';

/** The part of a TanStack mutation the dialog uses. */
interface Mutation<I, R> {
  mutateAsync(input: I): Promise<R>;
  isPending: boolean;
}

interface Props<S extends { id: string; title: string; description: string }> {
  teamId: string;
  /** The section to change; none creates one. */
  section?: S;
  /** Prefix of the fields' ids: {idPrefix}-title and {idPrefix}-description. */
  idPrefix: string;
  /** The message of an empty title. */
  titleRequired: string;
  /** The feature's mutation hooks; the dialog calls them as its own hooks, on every render. */
  useCreate(teamId: string): Mutation<{ team_id: string; title: string; description?: string }, S>;
  useUpdate(teamId: string): Mutation<{ id: string; title: string; description: string }, unknown>;
  onClose(): void;
  onCreated?(s: S): void;
}

export function SectionDialog<S extends { id: string; title: string; description: string }>({
  teamId,
  section,
  idPrefix,
  titleRequired,
  useCreate,
  useUpdate,
  onClose,
  onCreated,
}: Props<S>) {
  const toast = useToast();
  const create = useCreate(teamId);
  const update = useUpdate(teamId);
  const [title, setTitle] = useState(section?.title ?? '');
  const [description, setDescription] = useState(section?.description ?? '');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const pending = create.isPending || update.isPending;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = title.trim();
    const problem = !t ? titleRequired : measure(t, TEXT_LIMITS.mediaTitle) > TEXT_LIMITS.mediaTitle ? m.titleTooLong : undefined;
    setError(problem);
    if (problem) return;
    setFailure(undefined);
    try {
      if (section) {
        await update.mutateAsync({ id: section.id, title: t, description: description.trim() });
        toast(m.saved, 'success');
      } else {
        const created = await create.mutateAsync({ team_id: teamId, title: t, description: description.trim() || undefined });
        toast(m.created, 'success');
        onCreated?.(created);
      }
      onClose();
    } catch (err) {
      setFailure(apiErrorMessage(err, m.actionFailed));
    }
  }

  return (
    <Dialog title={section ? m.formEdit : m.formCreate} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={m.title} id={`${idPrefix}-title`} data-autofocus limit={TEXT_LIMITS.mediaTitle} value={title} error={error} onChange={(e) => setTitle(e.target.value)} />
        <TextAreaField label={m.description} id={`${idPrefix}-description`} rows={3} limit={TEXT_LIMITS.mediaDescription} value={description} onChange={(e) => setDescription(e.target.value)} />
        {failure && <Notice kind="error">{failure}</Notice>}
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose}>{m.cancel}</Button>
          <button type="submit" className="btn btn-primary" disabled={pending}>{pending ? m.saving : section ? m.save : m.create}</button>
        </div>
      </form>
    </Dialog>
  );
}

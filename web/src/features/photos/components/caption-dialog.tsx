// A manager changes a photo's caption (its description), shown under it in the viewer; empty clears it.
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { useState, type FormEvent } from 'react';
import type { Photo } from '@tribuna/portal/types';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Notice, TextAreaField } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useUpdatePhoto } from '../api/update-team-photo.ts';
import { photoMessages as m } from '../messages.ts';

export function CaptionDialog({ teamId, photo, number, onClose }: { teamId: string; photo: Photo; number: number; onClose(): void }) {
  const [text, setText] = useState(photo.description);
  const [failure, setFailure] = useState<string>();
  const update = useUpdatePhoto(teamId);
  const toast = useToast();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(undefined);
    try {
      await update.mutateAsync({ id: photo.id, description: text.trim() });
      toast(m.captionSaved, 'success');
      onClose();
    } catch (err) {
      setFailure(apiErrorMessage(err, m.actionFailed));
    }
  }

  return (
    <Dialog title={m.captionTitle(number)} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <TextAreaField
          label={m.caption}
          id="photo-caption"
          data-autofocus
          rows={3}
          limit={TEXT_LIMITS.mediaDescription}
          value={text}
          hint={m.captionHint}
          onChange={(e) => setText(e.target.value)}
        />
        {failure && <Notice kind="error">{failure}</Notice>}
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose}>Отмена</Button>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>{update.isPending ? 'Сохранение…' : 'Сохранить'}</button>
        </div>
      </form>
    </Dialog>
  );
}

// The gallery of one section; managers also caption, move, delete and restore photos here.
import { useState } from 'react';
import { srcSetOf } from '../../../lib/nakama/file-url.ts';
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Button } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useDeletePhoto } from '../api/delete-team-photo.ts';
import { useMovePhoto } from '../api/move-team-photo.ts';
import { useRestorePhoto } from '../api/restore-team-photo.ts';
import type { Photo, PhotoSection } from '@tribuna/portal/types';
import { photoMessages as m } from '../messages.ts';
import { CaptionDialog } from './caption-dialog.tsx';

interface Props {
  teamId: string;
  photos: readonly Photo[];
  /** Sections a photo may be moved to. */
  sections: readonly PhotoSection[];
  canManage: boolean;
  onOpen(index: number): void;
  thumbRef(id: string, el: HTMLButtonElement | null): void;
}

export function PhotoGrid({ teamId, photos, sections, canManage, onOpen, thumbRef }: Props) {
  const toast = useToast();
  const move = useMovePhoto(teamId);
  const del = useDeletePhoto(teamId);
  const restore = useRestorePhoto(teamId);
  const fail = (err: unknown) => toast(apiErrorMessage(err, m.actionFailed), 'error');
  const [captioning, setCaptioning] = useState<number | null>(null);
  const captioned = captioning === null ? undefined : photos[captioning];

  return (
    <>
      <ul className="photo-grid">
        {photos.map((p, i) => (
          <li key={p.id} className={p.delete_time ? 'photo-tile deleted' : 'photo-tile'}>
            <button type="button" className="photo-thumb" ref={(el) => thumbRef(p.id, el)} aria-label={m.openPhoto(i + 1, p.description)} onClick={() => onOpen(i)}>
              <img src={fileUrl(p.file_id)} srcSet={srcSetOf(fileUrl(p.file_id))} sizes="(max-width: 640px) 50vw, 260px" alt="" width={260} height={195} loading="lazy" />
            </button>
            {p.delete_time && <span className="photo-badge">{m.deletedPhotoBadge}</span>}
            {canManage && (
              <div className="photo-tools">
                <Button variant="ghost" aria-label={m.editCaptionNamed(i + 1)} onClick={() => setCaptioning(i)}>
                  {m.editCaption}
                </Button>
                {sections.length > 1 && !p.delete_time && (
                  <select
                    aria-label={m.moveNamed(i + 1)}
                    value=""
                    disabled={move.isPending}
                    onChange={(e) => {
                      const target = e.target.value;
                      if (target) move.mutate({ id: p.id, section_id: target }, { onSuccess: () => toast(m.moved, 'success'), onError: fail });
                    }}
                  >
                    <option value="">{m.moveTo}</option>
                    {sections
                      .filter((s) => s.id !== p.section_id)
                      .map((s) => (
                        <option key={s.id} value={s.id}>{s.title}</option>
                      ))}
                  </select>
                )}
                {p.delete_time ? (
                  <Button variant="ghost" aria-label={m.restorePhotoNamed(i + 1)} disabled={restore.isPending} onClick={() => restore.mutate({ id: p.id }, { onSuccess: () => toast(m.photoRestored, 'success'), onError: fail })}>
                    {m.restorePhoto}
                  </Button>
                ) : (
                  <Button variant="ghost" aria-label={m.deletePhotoNamed(i + 1)} disabled={del.isPending} onClick={() => del.mutate({ id: p.id }, { onSuccess: () => toast(m.photoDeleted, 'success'), onError: fail })}>
                    {m.deletePhoto}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {captioned && captioning !== null && (
        <CaptionDialog teamId={teamId} photo={captioned} number={captioning + 1} onClose={() => setCaptioning(null)} />
      )}
    </>
  );
}

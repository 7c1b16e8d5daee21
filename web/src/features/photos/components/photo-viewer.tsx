// The full-size viewer: previous and next (buttons or arrow keys, wrapping round), Escape closes.
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button } from '../../../shared/ui/index.tsx';
import type { Photo } from '@tribuna/portal/types';
import { photoMessages as m } from '../messages.ts';

interface Props {
  photos: readonly Photo[];
  index: number;
  onIndexChange(i: number): void;
  onClose(): void;
  returnFocus?(): HTMLElement | null | undefined;
}

export function PhotoViewer({ photos, index, onIndexChange, onClose, returnFocus }: Props) {
  const total = photos.length;
  const photo = photos[index];
  const go = (by: number) => onIndexChange((index + by + total) % total);
  return (
    <Dialog
      title={m.viewerTitle(index + 1, total)}
      className="photo-viewer"
      onClose={onClose}
      returnFocus={returnFocus}
      onKeyDown={(e) => {
        if (total < 2) return;
        if (e.key === 'ArrowLeft') go(-1);
        else if (e.key === 'ArrowRight') go(1);
      }}
    >
      {photo && (
        <figure className="photo-viewer-figure">
          <img src={fileUrl(photo.file_id)} alt={photo.description || m.photoAlt(index + 1)} />
          {photo.description && <figcaption>{photo.description}</figcaption>}
        </figure>
      )}
      {total > 1 && (
        <div className="photo-viewer-nav">
          <Button variant="secondary" aria-label={m.previous} onClick={() => go(-1)}>{m.previousShort}</Button>
          <span aria-live="polite">{m.viewerTitle(index + 1, total)}</span>
          <Button variant="secondary" aria-label={m.next} onClick={() => go(1)} data-autofocus>{m.nextShort}</Button>
        </div>
      )}
    </Dialog>
  );
}

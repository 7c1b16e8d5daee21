// The full-size viewer of a section's photos, each with its description.
import { fileUrl } from '../../../lib/nakama/upload.ts';
import { MediaViewer } from '../../../shared/ui/media-viewer.tsx';
import type { Photo } from '@tribuna/portal/types';
import { photoMessages as m } from '../messages.ts';

interface Props {
  photos: readonly Photo[];
  index: number;
  onIndexChange(i: number): void;
  onClose(): void;
  returnFocus?(): HTMLElement | null | undefined;
}

const LABELS = { title: m.viewerTitle, previous: m.previous, next: m.next, previousShort: m.previousShort, nextShort: m.nextShort };

export function PhotoViewer({ photos, ...rest }: Props) {
  const items = photos.map((p, i) => ({ src: fileUrl(p.file_id), alt: p.description || m.photoAlt(i + 1), caption: p.description || undefined }));
  return <MediaViewer items={items} labels={LABELS} {...rest} />;
}

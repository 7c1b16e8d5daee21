// The full-size viewer of a gallery (team photos, a news item's media): previous and next by buttons,
// arrow keys or a swipe on a touch screen, wrapping round; Escape or the backdrop closes it.
import { useRef } from 'react';
import { Dialog } from './dialog.tsx';
import { Button } from './index.tsx';
import './media-viewer.css';

interface ViewerItem {
  /** The picture or video file. */
  src: string;
  alt: string;
  caption?: string;
  video?: boolean;
}

interface ViewerLabels {
  /** The dialog's title: "Фото 2 из 5". */
  title(n: number, total: number): string;
  previous: string;
  next: string;
  previousShort: string;
  nextShort: string;
}

interface Props {
  items: readonly ViewerItem[];
  index: number;
  labels: ViewerLabels;
  onIndexChange(i: number): void;
  onClose(): void;
  returnFocus?(): HTMLElement | null | undefined;
}

/** A horizontal move this long (px), longer than it is high, turns the page. */
const SWIPE_PX = 40;

export function MediaViewer({ items, index, labels, onIndexChange, onClose, returnFocus }: Props) {
  const total = items.length;
  const item = items[index];
  const go = (by: number) => onIndexChange((index + by + total) % total);
  const touch = useRef<{ x: number; y: number } | null>(null);
  return (
    <Dialog
      title={labels.title(index + 1, total)}
      className="media-viewer"
      onClose={onClose}
      returnFocus={returnFocus}
      onKeyDown={(e) => {
        if (total < 2) return;
        if (e.key === 'ArrowLeft') go(-1);
        else if (e.key === 'ArrowRight') go(1);
      }}
    >
      {item && (
        <figure
          className="media-viewer-figure"
          onTouchStart={(e) => {
            const t = e.changedTouches[0];
            touch.current = t ? { x: t.clientX, y: t.clientY } : null;
          }}
          onTouchEnd={(e) => {
            const start = touch.current;
            const t = e.changedTouches[0];
            touch.current = null;
            if (!start || !t || total < 2) return;
            const dx = t.clientX - start.x;
            if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(t.clientY - start.y)) go(dx < 0 ? 1 : -1);
          }}
        >
          {item.video ? <video src={item.src} controls aria-label={item.alt} /> : <img src={item.src} alt={item.alt} />}
          {item.caption && <figcaption>{item.caption}</figcaption>}
        </figure>
      )}
      {total > 1 && (
        <div className="media-viewer-nav">
          <Button variant="secondary" aria-label={labels.previous} onClick={() => go(-1)}>{labels.previousShort}</Button>
          <span aria-live="polite">{labels.title(index + 1, total)}</span>
          <Button variant="secondary" aria-label={labels.next} onClick={() => go(1)} data-autofocus>{labels.nextShort}</Button>
        </div>
      )}
    </Dialog>
  );
}

// The pitch's height on a wide screen: whatever the window leaves below the pitch's top, so the whole
// locker room fits without scrolling past the pitch (at least MIN_PX; phones size the pitch by width).
import { useLayoutEffect, useState } from 'react';

const MIN_PX = 320;
/** Room kept under the pitch. */
const BOTTOM_PX = 16;

/** The height for the element given, the pitch's box (null until it is rendered). */
export function usePitchHeight(box: HTMLElement | null): number {
  const [height, setHeight] = useState(MIN_PX);
  useLayoutEffect(() => {
    if (!box) return;
    const el = box;
    const measure = () => {
      // The box's place in the page, not in the window, so scrolling does not change the answer.
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_PX, Math.floor(window.innerHeight - top - BOTTOM_PX)));
    };
    measure();
    window.addEventListener('resize', measure);
    // What is above the box may still change its height (the team header's description, fonts).
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer.disconnect();
    };
  }, [box]);
  return height;
}

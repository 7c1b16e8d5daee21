// The moment the page's first frame (the frame of index.html: the header, and on the home page the
// headline) is on the screen. The app's code runs only after it, so a slow phone shows the page at once
// instead of a blank screen while it runs hundreds of milliseconds of script.

/** Never wait longer than this for the first frame. */
const FIRST_PAINT_WAIT_MS = 250;

/** Resolves once the first contentful paint is reported, at once when there will be none to wait for. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const paintReported = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
    // A page opened in a background tab paints only when shown: it starts at once.
    if (!paintReported || document.visibilityState !== 'visible' || performance.getEntriesByName('first-contentful-paint').length > 0) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const timer = setTimeout(done, FIRST_PAINT_WAIT_MS);
  });
}

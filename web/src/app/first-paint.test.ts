// The app waits for the page's first frame, but never for one that will not come.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './first-paint.ts';

type Callback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;
let observers: Array<{ callback: Callback; disconnected: boolean }> = [];

function fakePaintObserver(supported: string[]) {
  observers = [];
  const Fake = vi.fn(function (this: unknown, callback: Callback) {
    const o = { callback, disconnected: false };
    observers.push(o);
    return { observe: () => {}, disconnect: () => (o.disconnected = true) };
  });
  Object.assign(Fake, { supportedEntryTypes: supported });
  vi.stubGlobal('PerformanceObserver', Fake);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('afterFirstPaint', () => {
  it('resolves when the first contentful paint is reported, and stops observing', async () => {
    fakePaintObserver(['paint']);
    let done = false;
    const waiting = afterFirstPaint().then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    observers[0].callback({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
    await waiting;
    expect(observers[0].disconnected).toBe(true);
  });

  it('does not wait longer than a quarter of a second for a frame', async () => {
    vi.useFakeTimers();
    fakePaintObserver(['paint']);
    let done = false;
    void afterFirstPaint().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(done).toBe(true);
  });

  it('resolves at once where paints are not reported or the page is hidden', async () => {
    fakePaintObserver([]);
    await afterFirstPaint();
    fakePaintObserver(['paint']);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await afterFirstPaint();
    expect(observers).toHaveLength(0);
  });
});

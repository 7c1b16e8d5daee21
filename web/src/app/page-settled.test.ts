// The first page's settling: its code in and nothing fetching for 300 ms, or 10 s at the latest.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettled } from './page-settled.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('afterPageSettled', () => {
  it('waits for the page code and its queries, then for a quiet pause', async () => {
    let loading = true;
    let fetching = 0;
    const fn = vi.fn();
    afterPageSettled({ loading: () => loading, fetching: () => fetching }, fn, () => Date.now());
    await vi.advanceTimersByTimeAsync(1000);
    expect(fn).not.toHaveBeenCalled();
    loading = false;
    fetching = 2;
    await vi.advanceTimersByTimeAsync(1000);
    expect(fn).not.toHaveBeenCalled();
    fetching = 0;
    await vi.advanceTimersByTimeAsync(200);
    expect(fn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after 10 s', async () => {
    const fn = vi.fn();
    afterPageSettled({ loading: () => false, fetching: () => 1 }, fn, () => Date.now());
    await vi.advanceTimersByTimeAsync(9_900);
    expect(fn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));

const { browserName, trackPageView } = await import('./track-metrics.ts');

afterEach(() => {
  rpc.mockReset();
  vi.unstubAllGlobals();
});

describe('browserName', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 YaBrowser/24.6 Safari/537.36', 'Yandex'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0', 'Edge'],
    ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 OPR/111.0', 'Opera'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', 'Chrome'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari'],
    ['curl/8.0', 'Other'],
  ])('names %s', (ua, name) => {
    expect(browserName(ua)).toBe(name);
  });
});

describe('trackPageView', () => {
  it('sends track_metrics with the page, browser and screen size', async () => {
    rpc.mockResolvedValue({});
    vi.stubGlobal('screen', { width: 1920, height: 1080 });
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' });
    trackPageView();
    expect(rpc).toHaveBeenCalledWith('track_metrics', { page: location.pathname, browser: 'Firefox', screen_width: 1920, screen_height: 1080 });
  });

  it('only logs a failure', async () => {
    rpc.mockRejectedValue(new Error('down'));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => trackPageView()).not.toThrow();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});

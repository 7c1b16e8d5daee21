// Starting the app (src/app/start.tsx): the session first, then the page view (spec: metrics are sent when the app starts).
import { beforeEach, describe, expect, it, vi } from 'vitest';

const rpc = vi.fn();
vi.mock('../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const start = vi.fn();
vi.mock('../lib/nakama/session.ts', () => ({
  sessionManager: { start: (...a: unknown[]) => start(...a), subscribe: () => () => {}, getSnapshot: () => ({ status: 'loading', guest: true }), addLogoutStep: () => {} },
}));
// The page itself is not rendered here: only what starting the app sends.
const render = vi.fn();
vi.mock('react-dom/client', () => ({ createRoot: () => ({ render }) }));
vi.mock('./router.tsx', () => ({ router: {} }));

beforeEach(() => {
  vi.resetModules();
  rpc.mockReset();
  start.mockReset();
  render.mockReset();
  document.body.innerHTML = '<div id="root"></div>';
});

describe('app start', () => {
  it('sends track_metrics once the session is ready', async () => {
    let ready!: () => void;
    start.mockReturnValue(new Promise<void>((resolve) => (ready = resolve)));
    rpc.mockResolvedValue({});
    (await import('./start.tsx')).startApp();
    expect(start).toHaveBeenCalledTimes(1);
    expect(render).toHaveBeenCalledTimes(1);
    expect(rpc).not.toHaveBeenCalled();
    ready();
    await vi.waitFor(() => expect(rpc).toHaveBeenCalledTimes(1));
    expect(rpc).toHaveBeenCalledWith('track_metrics', {
      page: location.pathname,
      browser: expect.any(String),
      screen_width: screen.width,
      screen_height: screen.height,
    });
  });

  it('sends no metrics when no session could be made, and logs it', async () => {
    start.mockRejectedValue(new Error('offline'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    (await import('./start.tsx')).startApp();
    await vi.waitFor(() => expect(log).toHaveBeenCalled());
    expect(rpc).not.toHaveBeenCalled();
    expect(render).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Session } from '@heroiclabs/nakama-js';
import { AUTO_REFRESH_WINDOW_MS, needsRefresh, refreshDelayMs } from './session-timing.ts';
import { ApiError } from './errors.ts';
import { SessionManager, STORAGE_KEYS, type SessionDeps } from './session.ts';

describe('refresh timing', () => {
  const now = 1_700_000_000_000;
  it('schedules about 120 s before expiry', () => {
    expect(refreshDelayMs(now / 1000 + 7200, now)).toBe(7200_000 - 120_000);
  });
  it('never schedules sooner than 60 s from now', () => {
    expect(refreshDelayMs(now / 1000 + 150, now)).toBe(60_000);
    expect(refreshDelayMs(now / 1000 - 10, now)).toBe(60_000);
  });
  it('refreshes before use within 5 minutes of expiry, not before', () => {
    expect(needsRefresh(now / 1000 + 300, now)).toBe(true);
    expect(needsRefresh(now / 1000 + 299, now)).toBe(true);
    expect(needsRefresh(now / 1000 + 301, now)).toBe(false);
    expect(AUTO_REFRESH_WINDOW_MS).toBe(300_000);
  });
});

function fakeSession(token: string, expiresAt: number, refreshExpiresAt = expiresAt + 86400): Session {
  return { token, refresh_token: `r-${token}`, expires_at: expiresAt, refresh_expires_at: refreshExpiresAt } as Session;
}

function setup(stored: Record<string, string> = {}, nowMs = 1_700_000_000_000) {
  const store = new Map(Object.entries(stored));
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const byToken = new Map<string, Session>();
  const deps: SessionDeps = {
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    now: () => nowMs,
    setTimer: (fn, ms) => timers.push({ fn, ms }),
    clearTimer: () => {},
    reload: vi.fn(),
    randomId: () => 'generated-device-id',
    restore: (token) => {
      const s = byToken.get(token);
      if (!s) throw 'jwt is not valid.';
      return s;
    },
    authenticateDevice: vi.fn(async (id: string) => fakeSession(`guest-${id}`, nowMs / 1000 + 7200)),
    refresh: vi.fn(async (s: Session) => fakeSession(`${s.token}+`, nowMs / 1000 + 7200)),
    logout: vi.fn(async () => true),
  };
  return { deps, store, timers, byToken, manager: new SessionManager(deps), nowMs };
}

describe('SessionManager', () => {
  it('without stored tokens creates a guest session from a device id generated once', async () => {
    const t = setup();
    const s = await t.manager.start();
    expect(s.token).toBe('guest-generated-device-id');
    expect(t.store.get(STORAGE_KEYS.deviceId)).toBe('generated-device-id');
    expect(t.store.get(STORAGE_KEYS.guest)).toBe('true');
    expect(t.manager.getSnapshot()).toMatchObject({ status: 'ready', guest: true });
    // The same device id is reused by the next guest session.
    const again = setup({ [STORAGE_KEYS.deviceId]: 'kept-device-id' });
    expect((await again.manager.start()).token).toBe('guest-kept-device-id');
  });

  it('restores stored tokens, keeping the non-guest flag, and schedules a refresh', async () => {
    const t = setup({ [STORAGE_KEYS.token]: 'tok', [STORAGE_KEYS.refreshToken]: 'r-tok', [STORAGE_KEYS.guest]: 'false' });
    t.byToken.set('tok', fakeSession('tok', t.nowMs / 1000 + 3600));
    const s = await t.manager.start();
    expect(s.token).toBe('tok');
    expect(t.manager.getSnapshot().guest).toBe(false);
    expect(t.deps.authenticateDevice).not.toHaveBeenCalled();
    expect(t.timers.at(-1)!.ms).toBe(3600_000 - 120_000);
  });

  it('refreshes a restored session that is within 5 minutes of expiry', async () => {
    const t = setup({ [STORAGE_KEYS.token]: 'tok', [STORAGE_KEYS.refreshToken]: 'r-tok', [STORAGE_KEYS.guest]: 'false' });
    t.byToken.set('tok', fakeSession('tok', t.nowMs / 1000 + 200));
    const s = await t.manager.start();
    expect(s.token).toBe('tok+');
    expect(t.store.get(STORAGE_KEYS.token)).toBe('tok+');
  });

  it('clears stored tokens that are expired or malformed and falls back to a guest', async () => {
    const t = setup({ [STORAGE_KEYS.token]: 'old', [STORAGE_KEYS.refreshToken]: 'r-old', [STORAGE_KEYS.guest]: 'false' });
    t.byToken.set('old', fakeSession('old', t.nowMs / 1000 - 100, t.nowMs / 1000 - 10));
    expect((await t.manager.start()).token).toBe('guest-generated-device-id');
    const bad = setup({ [STORAGE_KEYS.token]: 'garbage', [STORAGE_KEYS.refreshToken]: 'x' });
    expect((await bad.manager.start()).token).toBe('guest-generated-device-id');
  });

  it('logs out (clears and reloads) when the restore refresh fails', async () => {
    const t = setup({ [STORAGE_KEYS.token]: 'tok', [STORAGE_KEYS.refreshToken]: 'r-tok', [STORAGE_KEYS.guest]: 'false' });
    t.byToken.set('tok', fakeSession('tok', t.nowMs / 1000 + 10));
    t.deps.refresh = vi.fn(async () => {
      throw new Error('refresh rejected');
    });
    await expect(t.manager.start()).rejects.toThrow('refresh rejected');
    expect(t.deps.reload).toHaveBeenCalled();
    expect(t.store.has(STORAGE_KEYS.token)).toBe(false);
    expect(t.store.has(STORAGE_KEYS.guest)).toBe(false);
  });

  it('keeps the session when a refresh cannot reach the server (offline), and tries again on the next call', async () => {
    const t = setup({ [STORAGE_KEYS.token]: 'tok', [STORAGE_KEYS.refreshToken]: 'r-tok', [STORAGE_KEYS.guest]: 'false' });
    t.byToken.set('tok', fakeSession('tok', t.nowMs / 1000 + 10));
    const offline = new ApiError(0, 14, 'Failed to fetch');
    t.deps.refresh = vi.fn(async () => {
      throw offline;
    });
    expect((await t.manager.start()).token).toBe('tok');
    expect(t.manager.getSnapshot()).toMatchObject({ status: 'ready', guest: false });
    await expect(t.manager.current()).rejects.toBe(offline);
    expect(t.deps.reload).not.toHaveBeenCalled();
    expect(t.store.get(STORAGE_KEYS.token)).toBe('tok');
    // Back online, the next call refreshes.
    t.deps.refresh = vi.fn(async (s: Session) => fakeSession(`${s.token}+`, t.nowMs / 1000 + 7200));
    expect((await t.manager.current()).token).toBe('tok+');
  });

  it('runs the logout steps with the session still there, then ends it; a failed step does not stop it', async () => {
    const t = setup();
    await t.manager.start();
    const seen: string[] = [];
    t.manager.addLogoutStep(async () => void seen.push(t.manager.getSnapshot().session!.token));
    t.manager.addLogoutStep(async () => {
      throw new Error('offline');
    });
    await t.manager.logout();
    expect(seen).toEqual(['guest-generated-device-id']);
    expect(t.deps.logout).toHaveBeenCalled();
    expect(t.deps.reload).toHaveBeenCalled();
  });

  it('the scheduled refresh replaces the tokens; a failed one logs out', async () => {
    const t = setup();
    await t.manager.start();
    t.timers.at(-1)!.fn();
    await vi.waitFor(() => expect(t.store.get(STORAGE_KEYS.token)).toBe('guest-generated-device-id+'));
    t.deps.refresh = vi.fn(async () => {
      throw new Error('nope');
    });
    t.timers.at(-1)!.fn();
    await vi.waitFor(() => expect(t.deps.reload).toHaveBeenCalled());
  });

  it('sign-in marks the session non-guest; logout clears everything but the device id and reloads', async () => {
    const t = setup();
    await t.manager.start();
    t.byToken.set('user-token', fakeSession('user-token', t.nowMs / 1000 + 7200));
    t.manager.signIn('user-token', 'r-user-token');
    expect(t.manager.getSnapshot().guest).toBe(false);
    expect(t.store.get(STORAGE_KEYS.guest)).toBe('false');
    await t.manager.logout();
    expect(t.deps.logout).toHaveBeenCalled();
    expect(t.store.has(STORAGE_KEYS.token)).toBe(false);
    expect(t.store.has(STORAGE_KEYS.guest)).toBe(false);
    expect(t.store.get(STORAGE_KEYS.deviceId)).toBe('generated-device-id');
    expect(t.deps.reload).toHaveBeenCalled();
  });

  it('current() refreshes once for concurrent callers near expiry', async () => {
    const t = setup({ [STORAGE_KEYS.token]: 'tok', [STORAGE_KEYS.refreshToken]: 'r-tok' });
    t.byToken.set('tok', fakeSession('tok', t.nowMs / 1000 + 3600));
    await t.manager.start();
    t.deps.now = () => t.nowMs + 3400_000;
    const [a, b] = await Promise.all([t.manager.current(), t.manager.current()]);
    expect(a.token).toBe('tok+');
    expect(b.token).toBe('tok+');
    expect(t.deps.refresh).toHaveBeenCalledTimes(1);
  });
});

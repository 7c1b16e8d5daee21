// The session manager: restores stored tokens, falls back to a guest session from a per-browser device
// id, refreshes on schedule and before use, and logs out (clearing everything and reloading) when a
// restore or refresh fails. A refresh that did not reach the server (offline) keeps the session: the
// next call tries again, and the installed app shows what it kept meanwhile.
import type { Session } from '@heroiclabs/nakama-js';
import { ApiError, call } from './errors.ts';
import { authenticateDevice, logoutSession, refreshSession, restoreSession } from './http.ts';
import { isExpired, needsRefresh, refreshDelayMs, type SessionSnapshot } from './session-timing.ts';

/** @internal */
export const STORAGE_KEYS = {
  token: 'tribuna.token',
  refreshToken: 'tribuna.refresh_token',
  guest: 'tribuna.is_guest',
  deviceId: 'tribuna.device_id',
} as const;

export type { SessionSnapshot };

/** Everything the manager touches outside itself, so tests can drive it with fakes. */
export interface SessionDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now(): number;
  setTimer(fn: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  reload(): void;
  randomId(): string;
  restore(token: string, refreshToken: string): Session;
  authenticateDevice(deviceId: string): Promise<Session>;
  refresh(session: Session): Promise<Session>;
  logout(session: Session): Promise<unknown>;
}

/** @internal */
export class SessionManager {
  private snapshot: SessionSnapshot = { status: 'loading', guest: true };
  private readonly listeners = new Set<() => void>();
  private readonly deps: SessionDeps;
  private starting?: Promise<Session>;
  private refreshing?: Promise<Session>;
  private timer: unknown;
  private readonly logoutSteps: Array<() => Promise<unknown>> = [];

  constructor(deps: SessionDeps) {
    this.deps = deps;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  /** Restores the stored session or creates a guest one; runs once. */
  start(): Promise<Session> {
    this.starting ??= this.restoreOrGuest();
    return this.starting;
  }

  /** A live session for the next call, refreshed first when it is within 5 minutes of expiry. */
  async current(): Promise<Session> {
    const s = await this.start();
    const live = this.snapshot.session ?? s;
    if (needsRefresh(live.expires_at ?? 0, this.deps.now())) return this.refreshNow();
    return live;
  }

  /** A non-guest sign-in with tokens from an RPC (e-mail code, Google). */
  signIn(token: string, refreshToken: string): Session {
    const s = this.deps.restore(token, refreshToken);
    this.starting = Promise.resolve(s);
    this.set(s, false);
    return s;
  }

  /** A non-guest sign-in with a session from the client (registration, e-mail and password). */
  signInSession(s: Session): void {
    this.starting = Promise.resolve(s);
    this.set(s, false);
  }

  /** Work to do with the session before it ends (this device's push subscription is dropped). */
  addLogoutStep(step: () => Promise<unknown>): void {
    this.logoutSteps.push(step);
  }

  /** Ends the session on the server (best effort, after the logout steps), forgets it here and reloads. */
  async logout(): Promise<void> {
    const s = this.snapshot.session;
    await Promise.all(this.logoutSteps.map((step) => step().catch(() => undefined)));
    if (s) await this.deps.logout(s).catch(() => undefined);
    this.clearAndReload();
  }

  private async restoreOrGuest(): Promise<Session> {
    const { storage, now } = this.deps;
    const token = storage.getItem(STORAGE_KEYS.token);
    const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
    if (token && refreshToken) {
      let s: Session | undefined;
      try {
        s = this.deps.restore(token, refreshToken);
      } catch {
        s = undefined;
      }
      if (s && !isExpired(s.refresh_expires_at ?? 0, now())) {
        const guest = storage.getItem(STORAGE_KEYS.guest) !== 'false';
        if (needsRefresh(s.expires_at ?? 0, now())) {
          try {
            s = await this.deps.refresh(s);
          } catch (err) {
            if (unreachable(err)) {
              this.set(s, guest, false);
              return s;
            }
            this.clearAndReload();
            throw err;
          }
        }
        this.set(s, guest);
        return s;
      }
    }
    this.clearTokens();
    return this.guest();
  }

  private async guest(): Promise<Session> {
    let deviceId = this.deps.storage.getItem(STORAGE_KEYS.deviceId);
    if (!deviceId) {
      deviceId = this.deps.randomId();
      this.deps.storage.setItem(STORAGE_KEYS.deviceId, deviceId);
    }
    const s = await this.deps.authenticateDevice(deviceId);
    this.set(s, true);
    return s;
  }

  private refreshNow(): Promise<Session> {
    const s = this.snapshot.session;
    if (!s) return this.start();
    this.refreshing ??= this.deps
      .refresh(s)
      .then((fresh) => {
        this.set(fresh, this.snapshot.guest);
        return fresh;
      })
      .catch((err) => {
        if (!unreachable(err)) this.clearAndReload();
        throw err;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  /** Keeps the session; `schedule: false` when a refresh due now could not reach the server. */
  private set(s: Session, guest: boolean, schedule = true): void {
    const { storage } = this.deps;
    storage.setItem(STORAGE_KEYS.token, s.token);
    storage.setItem(STORAGE_KEYS.refreshToken, s.refresh_token);
    storage.setItem(STORAGE_KEYS.guest, String(guest));
    this.snapshot = { status: 'ready', session: s, guest };
    if (schedule) this.schedule(s);
    for (const l of this.listeners) l();
  }

  private schedule(s: Session): void {
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.timer = this.deps.setTimer(() => {
      this.timer = undefined;
      this.refreshNow().catch(() => undefined);
    }, refreshDelayMs(s.expires_at ?? 0, this.deps.now()));
  }

  private clearTokens(): void {
    const { storage } = this.deps;
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.refreshToken);
    storage.removeItem(STORAGE_KEYS.guest);
  }

  private clearAndReload(): void {
    if (this.timer !== undefined) this.deps.clearTimer(this.timer);
    this.clearTokens();
    this.deps.reload();
  }
}

/** The server was not reached (no connection, or it is down): nothing was decided about the session. */
const unreachable = (err: unknown) => err instanceof ApiError && err.status === 0 && err.code === 14;

function browserDeps(): SessionDeps {
  return {
    storage: window.localStorage,
    now: () => Date.now(),
    setTimer: (fn, ms) => window.setTimeout(fn, ms),
    clearTimer: (h) => window.clearTimeout(h as number),
    reload: () => window.location.reload(),
    randomId: () => crypto.randomUUID(),
    restore: restoreSession,
    authenticateDevice: (id) => call(authenticateDevice(id)),
    refresh: (s) => call(refreshSession(s)),
    logout: (s) => call(logoutSession(s)),
  };
}

export const sessionManager = new SessionManager(browserDeps());

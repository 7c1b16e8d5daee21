// The app's standing as an installed app, as React reads it: online or not (TanStack Query's own
// onlineManager, so paused queries and the banner agree), a new version waiting, and the browser's offer
// to install.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** The browser's install offer (beforeinstallprompt, Chromium's browsers only). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** Takes the waiting version into use (the page reloads); undefined while none waits. */
  update?: () => void;
  /** The browser's install offer, while it stands. */
  install?: InstallPromptEvent;
  /** Whether the visitor has done anything on the page yet (tapped, pressed a key, scrolled). */
  engaged?: boolean;
}

let state: PwaState = {};
const listeners = new Set<() => void>();

export function setPwaState(change: Partial<PwaState>): void {
  state = { ...state, ...change };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, () => state);
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => onlineManager.subscribe(l),
    () => onlineManager.isOnline(),
  );
}

/**
 * Starts following the connection and the install offer. TanStack Query assumes a connection until told
 * otherwise, so it is told at once (a page opened offline pauses its queries instead of failing them).
 */
export function watchConnectionAndInstall(onOffline: () => void): void {
  onlineManager.setOnline(navigator.onLine);
  if (!navigator.onLine) onOffline();
  onlineManager.subscribe((online) => {
    if (!online) onOffline();
  });
  window.addEventListener('beforeinstallprompt', (e) => {
    // The browser's own mini-infobar stays away: the app offers it in its own words.
    e.preventDefault();
    setPwaState({ install: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => setPwaState({ install: undefined }));
  // The offer waits for the visitor's first action: a page is read before anything is asked of them.
  const engage = () => {
    for (const type of ENGAGING) window.removeEventListener(type, engage, true);
    setPwaState({ engaged: true });
  };
  for (const type of ENGAGING) window.addEventListener(type, engage, { capture: true, passive: true });
}

const ENGAGING = ['pointerdown', 'keydown', 'scroll'] as const;

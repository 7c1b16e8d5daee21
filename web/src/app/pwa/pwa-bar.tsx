// The app's notices, over the page at the bottom of the window (so nothing on the page moves when one
// comes): offline (what is shown may be out of date), a new version to take into use, and the browser's
// offer to install the app, once the visitor has done something on the page (until they say «Не сейчас»,
// for a month).
import { useState } from 'react';
import { pwaMessages as m } from './messages.ts';
import { setPwaState, useOnline, usePwaState, type InstallPromptEvent } from './pwa-state.ts';
import './pwa.css';

const INSTALL_LATER_KEY = 'tribuna.install-later';
const INSTALL_LATER_MS = 30 * 24 * 60 * 60 * 1000;

function installPostponed(): boolean {
  const at = Number(localStorage.getItem(INSTALL_LATER_KEY));
  return Number.isFinite(at) && Date.now() - at < INSTALL_LATER_MS;
}

async function installNow(install: InstallPromptEvent): Promise<void> {
  await install.prompt();
  await install.userChoice.catch(() => undefined);
  // The offer is used up either way; the browser makes a new one when it may.
  setPwaState({ install: undefined });
}

/** The footer's way to install, while the browser offers it (also after «Не сейчас»). */
export function InstallLink() {
  const { install } = usePwaState();
  if (!install) return null;
  return (
    <button type="button" className="link-button" onClick={() => void installNow(install)}>{m.installButton}</button>
  );
}

/** `offlineNotice`: whether being offline is said here (the offline page says it itself). */
export function PwaBar({ offlineNotice = true }: { offlineNotice?: boolean }) {
  const online = useOnline();
  const { update, install: offered, engaged } = usePwaState();
  const install = engaged ? offered : undefined;
  const [later, setLater] = useState(installPostponed);

  function postpone() {
    localStorage.setItem(INSTALL_LATER_KEY, String(Date.now()));
    setLater(true);
  }

  const offline = !online && offlineNotice;
  if (!offline && !update && (!install || later)) return null;
  return (
    <div className="pwa-bar">
      {offline && (
        <div className="pwa-notice pwa-offline" role="status">
          <OfflineIcon />
          <p>
            <strong>{m.offlineTitle}.</strong> {m.offlineStale}
          </p>
        </div>
      )}
      {update && (
        <div className="pwa-notice pwa-update" role="status">
          <p>
            <strong>{m.updateTitle}.</strong> {m.updateText}
          </p>
          <button type="button" className="btn btn-primary" onClick={update}>{m.updateButton}</button>
        </div>
      )}
      {install && !later && (
        <div className="pwa-notice pwa-install" role="region" aria-label={m.installTitle}>
          <img src="/icons/icon-192.png" alt="" width={40} height={40} />
          <p>
            <strong>{m.installTitle}.</strong> {m.installText}
          </p>
          <div className="pwa-actions">
            <button type="button" className="btn btn-primary" onClick={() => void installNow(install)}>{m.installButton}</button>
            <button type="button" className="btn btn-ghost" onClick={postpone}>{m.installLater}</button>
          </div>
        </div>
      )}
    </div>
  );
}

function OfflineIcon() {
  return (
    <svg className="pwa-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M2 8.5a15 15 0 0 1 20 0M5 12a10 10 0 0 1 14 0M8.5 15.5a5 5 0 0 1 7 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="19" r="1.5" fill="currentColor" />
      <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

// «Уведомления на устройстве»: a switch for this device's Web Push. The browser asks for permission only
// when the user turns it on; off unsubscribes and tells the server.
import { useEffect, useId, useState } from 'react';
import { devicePush, disableDevicePush, enableDevicePush, DevicePushError, type DevicePush } from '../../../shared/lib/web-push.ts';
import { Notice } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { devicePushMessages as m } from '../messages.ts';
import '../profile.css';

const FAILURES: Record<DevicePushError['reason'], string> = { denied: m.deniedNow, 'no-worker': m.noWorker, failed: m.failed };

export function DeviceNotifications() {
  const toast = useToast();
  const [state, setState] = useState<DevicePush | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const hintId = useId();

  useEffect(() => {
    let live = true;
    devicePush().then(
      (s) => live && setState(s),
      () => live && setState('off'),
    );
    return () => {
      live = false;
    };
  }, []);

  async function flip() {
    setBusy(true);
    setError(undefined);
    try {
      if (state === 'on') {
        await disableDevicePush().catch((err: unknown) => {
          throw new Error(m.offFailed, { cause: err });
        });
        setState('off');
        toast(m.disabled, 'success');
      } else {
        await enableDevicePush();
        setState('on');
        toast(m.enabled, 'success');
      }
    } catch (err) {
      if (err instanceof DevicePushError) {
        setError(FAILURES[err.reason]);
        // Refused for good (blocked in the browser's settings): the switch says so from now on.
        if (err.reason === 'denied') setState(await devicePush().catch(() => 'off' as const));
      } else {
        setError(err instanceof Error ? err.message : m.failed);
      }
    } finally {
      setBusy(false);
    }
  }

  const on = state === 'on';
  const disabled = busy || state === 'checking' || state === 'unsupported' || state === 'denied';
  return (
    <section className="device-push" aria-labelledby={`${hintId}-title`}>
      <div className="device-push-row">
        <div className="device-push-text">
          <h2 id={`${hintId}-title`}>{m.title}</h2>
          <p id={hintId} className="muted">{m.hint}</p>
        </div>
        <label className="switch">
          <input type="checkbox" role="switch" checked={on} disabled={disabled} aria-label={m.title} aria-describedby={hintId} onChange={() => void flip()} />
          <span className="switch-track" aria-hidden="true" />
          <span className="switch-label" aria-hidden="true">{state === 'checking' ? m.checking : on ? m.on : m.off}</span>
        </label>
      </div>
      {state === 'unsupported' && <Notice kind="info">{m.unsupported}</Notice>}
      {state === 'denied' && <Notice kind="info">{m.denied}</Notice>}
      {error && state !== 'denied' && <Notice kind="error">{error}</Notice>}
    </section>
  );
}

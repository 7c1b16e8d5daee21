// This device's Web Push: the browser's subscription with the server's VAPID key, registered with the
// portal for the signed-in user (register_push_subscription), and dropped from both when turned off.
// The browser asks for its permission only when the user turns notifications on.
import { rpc } from '../../lib/nakama/rpc.ts';

export type DevicePush = 'unsupported' | 'denied' | 'on' | 'off';

/** Why turning notifications on did not work, for the user. */
export class DevicePushError extends Error {
  readonly reason: 'denied' | 'no-worker' | 'failed';
  constructor(reason: DevicePushError['reason'], options?: ErrorOptions) {
    super(reason, options);
    this.name = 'DevicePushError';
    this.reason = reason;
  }
}

/** How long the service worker may take to be ready (it registers after the page loads). */
const WORKER_WAIT_MS = 10_000;

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * A base64url key (the VAPID public key) as the bytes pushManager.subscribe takes.
 * @internal
 */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const raw = atob(b64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

async function worker(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DevicePushError('no-worker')), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** This device's state: on when permitted and subscribed. */
export async function devicePush(): Promise<DevicePush> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  return sub ? 'on' : 'off';
}

/** Asks the browser's permission, subscribes with the server's key and registers the subscription. */
export async function enableDevicePush(): Promise<void> {
  if (!pushSupported()) throw new DevicePushError('failed');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new DevicePushError('denied');
  const reg = await worker();
  try {
    const { public_key } = await rpc('get_push_public_key');
    const key = base64UrlBytes(public_key);
    let sub = await reg.pushManager.getSubscription();
    // A subscription made with another key (the server's was replaced) cannot be reused.
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = sub.toJSON();
    await rpc('register_push_subscription', { endpoint: sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
  } catch (err) {
    throw err instanceof DevicePushError ? err : new DevicePushError('failed', { cause: err });
  }
}

/** Unregisters this device's subscription (best effort: it may be gone) and unsubscribes. */
export async function disableDevicePush(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await rpc('unregister_push_subscription', { endpoint: sub.endpoint }).catch(() => undefined);
  await sub.unsubscribe();
}

// Page-view metrics, sent once when the app starts.
import { rpc } from '../../../lib/nakama/rpc.ts';

/** @internal */
export function browserName(ua: string): string {
  if (/YaBrowser\//.test(ua)) return 'Yandex';
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\//.test(ua)) return 'Opera';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Chrome\//.test(ua) || /Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Other';
}

export function trackPageView(): void {
  rpc('track_metrics', {
    page: location.pathname,
    browser: browserName(navigator.userAgent),
    screen_width: screen.width,
    screen_height: screen.height,
  }).catch((err) => console.warn('Метрики не отправлены', err));
}

// Page-view metrics: the web app reports each start; signed-in users read the aggregates.
import { z } from 'zod';
import { resourceExhausted } from '@tribuna/server';
import { limit, rpc } from '../lib/rpc.ts';
import { topMetrics, trackPageView } from './store.ts';

// Per client address; a page view is one call, so this is far above any real visitor.
const VIEWS_PER_MINUTE = 120;
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_SCREEN_SIDE = 20_000;

const label = (max: number) =>
  z
    .string({ error: 'обязательное поле.' })
    .trim()
    .min(1, 'обязательное поле.')
    .max(max, `не длиннее ${max} символов.`)
    .refine((s) => !CONTROL.test(s), 'недопустимые символы.');

const side = z
  .number({ error: 'ожидалось целое число.' })
  .int('ожидалось целое число.')
  .min(1, `от 1 до ${MAX_SCREEN_SIDE}.`)
  .max(MAX_SCREEN_SIDE, `от 1 до ${MAX_SCREEN_SIDE}.`);

// Query strings and fragments would make every page distinct: a page is counted by its path.
const withoutQuery = (page: string) => page.replace(/[?#].*$/s, '') || '/';

export const metricRpcs = [
  // Anyone, guests and visitors included; limited per client address.
  rpc(
    'track_metrics',
    'public',
    z.object({
      page: label(512).transform(withoutQuery),
      browser: label(512),
      screen_width: side,
      screen_height: side,
    }),
    async ({ input, ctx, nk }) => {
      const limiter = nk.sharedRateLimiter('portal.page_views_per_address', VIEWS_PER_MINUTE, 60_000);
      if (!(await limiter.hit(ctx.clientIp))) throw resourceExhausted('Слишком много запросов, попробуйте позже.');
      await trackPageView(nk.db, {
        page: input.page,
        browser: input.browser,
        resolution: `${input.screen_width}x${input.screen_height}`,
      });
      return {};
    },
    { limit: 'write' },
  ),

  // Registered users: most viewed pages first.
  rpc('get_page_metrics', 'registered', z.object({ limit: limit(100, 1000) }), async ({ input, nk }) => ({
    pages: (await topMetrics(nk.db, 'page', input.limit)).map((m) => ({ page: m.value, count: m.count })),
  })),

  // Registered users: most frequent browsers first.
  rpc('get_browser_metrics', 'registered', z.object({ limit: limit(100, 1000) }), async ({ input, nk }) => ({
    browsers: (await topMetrics(nk.db, 'browser', input.limit)).map((m) => ({ browser: m.value, count: m.count })),
  })),

  // Registered users: most frequent screen resolutions ("WIDTHxHEIGHT") first.
  rpc('get_resolution_metrics', 'registered', z.object({ limit: limit(100, 1000) }), async ({ input, nk }) => ({
    resolutions: (await topMetrics(nk.db, 'resolution', input.limit)).map((m) => ({ resolution: m.value, count: m.count })),
  })),
];

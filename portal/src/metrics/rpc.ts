// Page-view metrics: the web app reports each start; the site's administrators read the aggregates and the
// charts over time (admin/access.ts says who they are).
import { z } from 'zod';
import { resourceExhausted } from '@tribuna/server';
import { requireSiteAdmin } from '../admin/index.ts';
import { clock } from '../lib/clock.ts';
import { limit, rpc } from '../lib/rpc.ts';
import { dashboard } from './dashboard.ts';
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
      }, new Date(clock.now()));
      return {};
    },
    { limit: 'write' },
  ),

  // Site administrators: most viewed pages first, of all time.
  rpc('get_page_metrics', 'registered', z.object({ limit: limit(100, 1000) }), async ({ input, userId, nk }) => {
    await requireSiteAdmin(nk, userId);
    return { pages: (await topMetrics(nk.db, 'page', input.limit)).map((m) => ({ page: m.value, count: m.count })) };
  }),

  // Site administrators: most frequent browsers first, of all time.
  rpc('get_browser_metrics', 'registered', z.object({ limit: limit(100, 1000) }), async ({ input, userId, nk }) => {
    await requireSiteAdmin(nk, userId);
    return { browsers: (await topMetrics(nk.db, 'browser', input.limit)).map((m) => ({ browser: m.value, count: m.count })) };
  }),

  // Site administrators: most frequent screen resolutions ("WIDTHxHEIGHT") first, of all time.
  rpc('get_resolution_metrics', 'registered', z.object({ limit: limit(100, 1000) }), async ({ input, userId, nk }) => {
    await requireSiteAdmin(nk, userId);
    return { resolutions: (await topMetrics(nk.db, 'resolution', input.limit)).map((m) => ({ resolution: m.value, count: m.count })) };
  }),

  // Site administrators: the charts of the last day (views by hour), week or month (by Moscow day), each
  // bucket present (0 when nothing was seen), and the most viewed pages, browsers and resolutions then.
  rpc(
    'get_metrics_dashboard',
    'registered',
    z.object({ period: z.enum(['day', 'week', 'month'], { error: "ожидалось 'day' (сутки), 'week' (неделя) или 'month' (месяц)." }), limit: limit(10, 100) }),
    async ({ input, userId, nk }) => {
      await requireSiteAdmin(nk, userId);
      return dashboard(nk.db, input.period, clock.now(), input.limit);
    },
  ),
];

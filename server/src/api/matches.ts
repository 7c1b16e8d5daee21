// GET /v2/match: matches by size, and authoritative ones by label or query.
import type { Core } from '../core/index.ts';
import { listedMatchMsg } from '../core/matches.ts';
import { put, type Msg } from '../encode.ts';
import type { Route } from '../http/routes.ts';

export function matchRoutes(core: Core): Route[] {
  return [
    {
      method: 'GET',
      path: '/v2/match',
      auth: 'bearer',
      handler(req) {
        const q = req.query;
        // The client sends `label=` and `query=` for none; an empty filter is no filter.
        const list = core.matches.list({
          limit: q.int('limit') ?? 10,
          authoritative: q.bool('authoritative'),
          label: q.string('label') || undefined,
          minSize: q.int('min_size'),
          maxSize: q.int('max_size'),
          query: q.string('query') || undefined,
        });
        const out: Msg = {};
        put(out, 'matches', list.map(listedMatchMsg));
        return out;
      },
    },
  ];
}

// Tournaments: list them, join one, write and delete the caller's record, list records and records around
// an owner (/v2/tournament). Records are leaderboard records; the rules are core/tournaments.ts's.
import type { Core } from '../core/index.ts';
import { tournamentListMsg } from '../encode.ts';
import type { Route } from '../http/routes.ts';
import { recordRoutes, writeLimit } from './leaderboards.ts';

export function tournamentRoutes(core: Core): Route[] {
  const { tournaments } = core;
  const limited = writeLimit(core);

  return [
    {
      method: 'GET',
      path: '/v2/tournament',
      auth: 'bearer',
      async handler(req) {
        const list = await tournaments.list(
          req.query.int('category_start') ?? 0,
          req.query.int('category_end') ?? 127,
          req.query.int('start_time', 0, Number.MAX_SAFE_INTEGER),
          req.query.int('end_time', 0, Number.MAX_SAFE_INTEGER),
          req.query.int('limit') ?? 10,
          req.query.string('cursor') || undefined,
        );
        return tournamentListMsg(list);
      },
    },
    {
      method: 'POST',
      path: '/v2/tournament/{tournamentId}/join',
      auth: 'bearer',
      async handler(req) {
        await limited(req);
        await tournaments.join(req.params.tournamentId, req.session.uid, req.session.usn);
        return {};
      },
    },
    ...recordRoutes(core, '/v2/tournament', 'tournament', ['PUT', 'POST']),
  ];
}

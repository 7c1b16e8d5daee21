// Tournaments: list them, join one, write and delete the caller's record, list records and records around
// an owner (/v2/tournament). Records are leaderboard records; the rules are core/tournaments.ts's.
import type { Core } from '../core/index.ts';
import { leaderboardRecordListMsg, leaderboardRecordMsg, tournamentListMsg } from '../encode.ts';
import type { ApiRequest, Route } from '../http/routes.ts';
import { expiry, override, writeLimit } from './leaderboards.ts';

export function tournamentRoutes(core: Core): Route[] {
  const { leaderboards, tournaments } = core;
  const limited = writeLimit(core);

  const write = async (req: ApiRequest) => {
    const body = req.body();
    const score = body.int64('score') ?? 0n;
    const subscore = body.int64('subscore') ?? 0n;
    const metadata = body.string('metadata');
    const operator = override(body);
    await limited(req);
    const record = await leaderboards.write(req.params.tournamentId, req.session.uid, req.session.usn, score, subscore, metadata, operator, true,
      new Date(), 'tournament');
    return leaderboardRecordMsg(record);
  };

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
    { method: 'PUT', path: '/v2/tournament/{tournamentId}', auth: 'bearer', handler: write },
    { method: 'POST', path: '/v2/tournament/{tournamentId}', auth: 'bearer', handler: write },
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
    {
      method: 'DELETE',
      path: '/v2/tournament/{tournamentId}',
      auth: 'bearer',
      async handler(req) {
        await limited(req);
        await leaderboards.deleteRecord(req.params.tournamentId, req.session.uid, true, new Date(), 'tournament');
        return {};
      },
    },
    {
      method: 'GET',
      path: '/v2/tournament/{tournamentId}',
      auth: 'bearer',
      async handler(req) {
        const list = await leaderboards.listRecords(
          req.params.tournamentId,
          req.query.list('owner_ids'),
          req.query.int('limit') ?? 10,
          req.query.string('cursor') || undefined,
          expiry(req.query),
          new Date(),
          'tournament',
        );
        return leaderboardRecordListMsg(list);
      },
    },
    {
      method: 'GET',
      path: '/v2/tournament/{tournamentId}/owner/{ownerId}',
      auth: 'bearer',
      async handler(req) {
        const list = await leaderboards.haystack(
          req.params.tournamentId,
          req.params.ownerId,
          req.query.int('limit') ?? 10,
          req.query.string('cursor') || undefined,
          expiry(req.query),
          new Date(),
          'tournament',
        );
        return leaderboardRecordListMsg(list);
      },
    },
  ];
}

// The portal's server module: registers the portal's RPCs (players, files, teams, news, wallet, shop, ...),
// the hooks that keep its chats' groups out of the client's group API, and the link previews of its pages.
import path from 'node:path';
import type { RuntimeModule } from '@tribuna/server';
import { adminRpcs } from './admin/rpc.ts';
import { attendanceRpcs } from './attendance/rpc.ts';
import { squadRpcs } from './attendance/squad-rpc.ts';
import { authRpcs } from './auth/rpc.ts';
import { calendarRpcs } from './calendar/rpc.ts';
import { registerGroupHooks } from './chats/group-hooks.ts';
import { chatRpcs } from './chats/rpc.ts';
import { bracketRpcs } from './competition/bracket-rpc.ts';
import { fixtureRpcs } from './competition/fixtures-rpc.ts';
import { tableRpcs } from './competition/table-rpc.ts';
import { registerFeedRoute } from './feeds/route.ts';
import { feedRpcs } from './feeds/rpc.ts';
import { fileRpcs } from './files/rpc.ts';
import { registerAll } from './lib/rpc.ts';
import { lockerRpcs } from './locker/rpc.ts';
import { eventRpcs } from './matches/event-rpc.ts';
import { liveRpcs } from './matches/live.ts';
import { resultRpcs } from './matches/result-rpc.ts';
import { matchRpcs } from './matches/rpc.ts';
import { metricRpcs } from './metrics/rpc.ts';
import { backfillPreviews } from './news/backfill.ts';
import { startNewsHtml } from './news/html-pool.ts';
import { registerNewsPageMeta } from './news/page-meta.ts';
import { newsRpcs } from './news/rpc.ts';
import { notificationRpcs } from './notifications/rpc.ts';
import { photoRpcs } from './photos/rpc.ts';
import { playerRpcs } from './players/rpc.ts';
import { startReminders } from './reminders/scheduler.ts';
import { reminderSettingsRpcs } from './reminders/settings.ts';
import { invitationRpcs } from './roster/invitation-rpc.ts';
import { rosterRpcs } from './roster/rpc.ts';
import { shopRpcs } from './shop/rpc.ts';
import { startShop } from './shop/service.ts';
import { streamRpcs } from './streams/rpc.ts';
import { teamRpcs } from './teams/rpc.ts';
import { tournamentRpcs } from './tournaments/rpc.ts';
import { teamTournamentRpcs } from './tournaments/team-rpc.ts';
import { userRpcs } from './users/rpc.ts';
import { videoRpcs } from './videos/rpc.ts';
import { walletRpcs } from './wallet/rpc.ts';

/** Every RPC of the portal. */
export const rpcs = [
  ...authRpcs, ...fileRpcs, ...playerRpcs, ...metricRpcs, ...teamRpcs, ...rosterRpcs, ...invitationRpcs, ...lockerRpcs, ...calendarRpcs,
  ...photoRpcs, ...videoRpcs, ...newsRpcs, ...matchRpcs, ...streamRpcs, ...tournamentRpcs, ...teamTournamentRpcs,
  ...walletRpcs, ...shopRpcs, ...chatRpcs, ...userRpcs, ...notificationRpcs, ...resultRpcs, ...eventRpcs, ...liveRpcs, ...fixtureRpcs,
  ...bracketRpcs, ...tableRpcs, ...attendanceRpcs, ...squadRpcs, ...reminderSettingsRpcs, ...feedRpcs, ...adminRpcs,
];

const portal: RuntimeModule = {
  name: 'portal',
  migrationsDir: path.join(import.meta.dirname, '..', 'migrations'),
  async init(initializer, nk, logger) {
    registerAll(initializer, nk, logger, rpcs);
    registerGroupHooks(initializer);
    startNewsHtml(initializer, nk);
    await backfillPreviews(nk.db, logger);
    registerNewsPageMeta(initializer, nk);
    await startShop(initializer, nk, logger);
    startReminders(initializer, nk, logger);
    registerFeedRoute(initializer, nk);
  },
};

export default portal;

// The portal's server module: registers the portal's RPCs (players, files, teams, news, wallet, shop, ...),
// the steps of a team's life other areas keep (its chat, its default formation) and of a match's (players'
// totals recounted when it is deleted), the hooks that keep its chats' groups out of the client's group
// API, and the link previews of its pages. Each area is reached through its public file, <area>/index.ts.
import path from 'node:path';
import type { RuntimeModule } from '@tribuna/server';
import { adminRpcs } from './admin/index.ts';
import { attendanceRpcs, squadRpcs } from './attendance/index.ts';
import { authRpcs } from './auth/index.ts';
import { calendarRpcs } from './calendar/index.ts';
import { chatRpcs, registerChatSocketHooks, registerGroupHooks, registerTeamChat } from './chats/index.ts';
import { bracketRpcs, eventRpcs, fixtureRpcs, liveRpcs, registerDeletedMatchStep, resultRpcs, tableRpcs } from './competition/index.ts';
import { feedRpcs, registerFeedRoute } from './feeds/index.ts';
import { fileRpcs } from './files/index.ts';
import { registerAll } from './lib/rpc.ts';
import { lockerRpcs, registerDefaultFormation } from './locker/index.ts';
import { matchRpcs } from './matches/index.ts';
import { metricRpcs } from './metrics/index.ts';
import { backfillPreviews, newsRpcs, registerNewsPageMeta, startNewsHtml } from './news/index.ts';
import { notificationRpcs } from './notifications/index.ts';
import { photoRpcs } from './photos/index.ts';
import { playerRpcs } from './players/index.ts';
import { pushRpcs, startPush } from './push/index.ts';
import { reminderSettingsRpcs, startReminders } from './reminders/index.ts';
import { invitationRpcs, rosterRpcs } from './roster/index.ts';
import { shopRpcs, startShop } from './shop/index.ts';
import { streamRpcs } from './streams/index.ts';
import { teamRpcs } from './teams/index.ts';
import { teamTournamentRpcs, tournamentRpcs } from './tournaments/index.ts';
import { userRpcs } from './users/index.ts';
import { videoRpcs } from './videos/index.ts';
import { walletRpcs } from './wallet/index.ts';

/** Every RPC of the portal. */
export const rpcs = [
  ...authRpcs, ...fileRpcs, ...playerRpcs, ...metricRpcs, ...teamRpcs, ...rosterRpcs, ...invitationRpcs, ...lockerRpcs, ...calendarRpcs,
  ...photoRpcs, ...videoRpcs, ...newsRpcs, ...matchRpcs, ...streamRpcs, ...tournamentRpcs, ...teamTournamentRpcs,
  ...walletRpcs, ...shopRpcs, ...chatRpcs, ...userRpcs, ...notificationRpcs, ...resultRpcs, ...eventRpcs, ...liveRpcs, ...fixtureRpcs,
  ...bracketRpcs, ...tableRpcs, ...attendanceRpcs, ...squadRpcs, ...reminderSettingsRpcs, ...feedRpcs, ...adminRpcs,
  ...pushRpcs,
];

const portal: RuntimeModule = {
  name: 'portal',
  migrationsDir: path.join(import.meta.dirname, '..', 'migrations'),
  async init(initializer, nk, logger) {
    registerAll(initializer, nk, logger, rpcs);
    registerTeamChat();
    registerDefaultFormation();
    registerDeletedMatchStep();
    registerGroupHooks(initializer);
    registerChatSocketHooks(initializer, nk);
    startNewsHtml(initializer, nk);
    await backfillPreviews(nk.db, logger);
    registerNewsPageMeta(initializer, nk);
    await startShop(initializer, nk, logger);
    startReminders(initializer, nk, logger);
    registerFeedRoute(initializer, nk);
    await startPush(initializer, nk, logger);
  },
};

export default portal;

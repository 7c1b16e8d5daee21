// The read state of the caller's notifications. The notifications are the game server's (listed by
// GET /v2/notification, deleted by DELETE /v2/notification); it keeps no read flag, so the portal keeps a
// marker per user (store.ts) and the client counts what is unread in the list it holds.
import { z } from 'zod';
import { invalid } from '@tribuna/server';
import { instantField, rpc, uuids, type RpcDef } from '../lib/rpc.ts';
import { markRead, readState } from './store.ts';

const NOTHING_TO_MARK = 'Укажите, какие уведомления отметить прочитанными.';

export const notificationRpcs: RpcDef[] = [
  // Registered users, their own marker only (guests get no notifications to read).
  rpc('get_notification_state', 'registered', z.object({}), async ({ userId, nk }) => readState(nk.db, userId)),

  // Registered users, their own marker only. before: everything created before it is read (it never moves
  // back); ids: these are read. Ids of notifications that are not the caller's change nothing they see.
  rpc(
    'mark_notifications_read',
    'registered',
    z.object({ ids: uuids.default([]), before: instantField.optional() }),
    async ({ input, userId, nk }) => {
      if (!input.ids.length && !input.before) throw invalid(NOTHING_TO_MARK);
      return markRead(nk.db, userId, input.before, input.ids);
    },
  ),
];

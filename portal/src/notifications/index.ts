// The notifications area's public file: its RPCs (the bell), and how other areas notify: one helper per
// kind with its Russian subject and link.
export { notifications, notify, type ReminderTarget, type TournamentWithdrawal } from './notify.ts';
/** @internal */
export { NotificationCode } from './notify.ts';
export { notificationRpcs } from './rpc.ts';

// The reminders area's public file: its RPCs (a member's reminder switches) and the scheduler that sends
// due reminders.
export { startReminders } from './scheduler.ts';
export { reminderSettingsRpcs } from './settings.ts';

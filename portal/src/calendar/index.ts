// The calendar area's public file: its RPCs (team events), and a team event read by those that build on it
// (attendance, calendar feeds) with its types.
export { calendarRpcs } from './rpc.ts';
export { getEvent, type EventType } from './store.ts';

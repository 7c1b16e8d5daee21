// The calendar area's public file: its RPCs (team events).
export { calendarRpcs } from './rpc.ts';

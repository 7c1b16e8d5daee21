// The feeds area's public file: its RPCs (calendar feeds' secret addresses) and the HTTP route that serves
// a feed as iCalendar.
export { registerFeedRoute } from './route.ts';
export { feedRpcs } from './rpc.ts';
/** @internal */
export { feedQueries } from './store.ts';

// The news area's public file: its RPCs, the worker threads that sanitise descriptions, the backfill of
// list previews at start and the link previews of news pages.
export { backfillPreviews } from './backfill.ts';
export { startNewsHtml } from './html-pool.ts';
export { registerNewsPageMeta } from './page-meta.ts';
export { newsRpcs } from './rpc.ts';

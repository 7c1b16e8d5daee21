// The moment the first page is on the screen with its data: its code has come, and no query has been
// fetching for a while. What the visitor does not see (the service worker, the offline cache, the page-view
// count) starts then, so it does not share the slow phone's network and processor with the page's start.

/** A pause with nothing fetching that counts as settled. */
const QUIET_MS = 300;
/** Never wait longer than this. */
const LATEST_MS = 10_000;
const POLL_MS = 100;

interface Busy {
  /** The first page's code is still loading. */
  loading(): boolean;
  /** Queries fetching now. */
  fetching(): number;
}

/** Calls `fn` once the first page has settled (or after 10 s at the latest). */
export function afterPageSettled(busy: Busy, fn: () => void, now: () => number = () => performance.now()): void {
  const started = now();
  let quietSince: number | undefined;
  const check = () => {
    const t = now();
    if (busy.loading() || busy.fetching() > 0) quietSince = undefined;
    else quietSince ??= t;
    if ((quietSince !== undefined && t - quietSince >= QUIET_MS) || t - started >= LATEST_MS) fn();
    else setTimeout(check, POLL_MS);
  };
  check();
}

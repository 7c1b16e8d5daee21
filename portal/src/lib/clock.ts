// The portal's clock for what depends on the time of day rather than on a row's own times: answer
// deadlines, reminders, signed links, page-view buckets. Tests move it instead of waiting.

/** Milliseconds since the epoch; tests replace now(). */
export const clock = { now: (): number => Date.now() };

// A clock that never repeats a millisecond within this process, so rows written one after another
// (messages, notifications) keep their order when listed by time.
let last = 0;

export function monotonicNow(): Date {
  const now = Date.now();
  last = now > last ? now : last + 1;
  return new Date(last);
}

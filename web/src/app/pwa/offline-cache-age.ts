/** How long the app keeps answers and visits for offline use. */
export const MAX_AGE_MS = 24 * 60 * 60 * 1000;

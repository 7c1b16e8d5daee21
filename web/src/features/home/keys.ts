// The home page's own query keys: its reads ask for "from now", unlike the lists', so they keep their own
// keys under the areas' prefixes (a change to a match or a broadcast refreshes them too).
export const homeKeys = {
  upcomingMatches: (limit: number) => ['matches', 'upcoming', limit] as const,
  streamsOnAir: (limit: number) => ['streams', 'on-air', limit] as const,
  streamsSoon: (limit: number) => ['streams', 'soon', limit] as const,
};

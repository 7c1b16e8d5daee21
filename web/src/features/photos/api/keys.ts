/** Every photo query of a team starts with this key, so one invalidation refreshes them all. */
export const teamPhotosKey = (teamId: string) => ['team-photos', teamId] as const;

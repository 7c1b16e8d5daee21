/** Every video query of a team starts with this key, so one invalidation refreshes them all. */
export const teamVideosKey = (teamId: string) => ['team-videos', teamId] as const;
export const videoSectionsKey = (teamId: string, includeDeleted: boolean) => [...teamVideosKey(teamId), 'sections', { includeDeleted }] as const;
export const sectionVideosKey = (teamId: string, sectionId: string, includeDeleted: boolean) =>
  [...teamVideosKey(teamId), 'videos', sectionId, { includeDeleted }] as const;
export const videoSearchKey = (teamId: string, query: string) => [...teamVideosKey(teamId), 'search', query] as const;

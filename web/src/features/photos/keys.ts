/** Every photo query of a team starts with this key, so one invalidation refreshes them all. */
export const teamPhotosKey = (teamId: string) => ['team-photos', teamId] as const;
export const photoSectionsKey = (teamId: string, includeDeleted: boolean) => [...teamPhotosKey(teamId), 'sections', { includeDeleted }] as const;
export const sectionPhotosKey = (teamId: string, sectionId: string, includeDeleted: boolean) =>
  [...teamPhotosKey(teamId), 'photos', sectionId, { includeDeleted }] as const;

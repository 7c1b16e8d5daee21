export interface PhotoSection {
  id: string;
  team_id: string;
  title: string;
  description: string;
  cover_photo_url?: string;
  slug: string;
  sort: number;
  photo_count: number;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

export interface Photo {
  id: string;
  team_id: string;
  section_id: string;
  file_id: string;
  description: string;
  creator_id: string;
  create_time: string;
  update_time: string;
  delete_time?: string;
}

/** Every photo query of a team starts with this key, so one invalidation refreshes them all. */
export const teamPhotosKey = (teamId: string) => ['team-photos', teamId] as const;

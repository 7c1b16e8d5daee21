import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { VideoPage } from '@tribuna/portal/types';
import { sectionVideosKey } from './keys.ts';

/** The videos page asks 12 at a time. */
export const VIDEOS_PAGE = 12;

export interface ListVideosParams {
  team_id: string;
  section_id?: string;
  limit?: number;
  cursor?: string;
  sort_by?: 'sort_order' | 'create_time' | 'title';
  sort_order?: 'asc' | 'desc';
  include_deleted?: boolean;
}

const listTeamVideos = (p: ListVideosParams) => rpc<VideoPage>('list_team_videos', { limit: VIDEOS_PAGE, ...p });

const sectionVideosQuery = (teamId: string, sectionId: string, includeDeleted: boolean) =>
  infiniteQueryOptions({
    queryKey: sectionVideosKey(teamId, sectionId, includeDeleted),
    queryFn: ({ pageParam }) =>
      listTeamVideos({ team_id: teamId, section_id: sectionId, limit: VIDEOS_PAGE, cursor: pageParam, include_deleted: includeDeleted || undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useSectionVideos = (teamId: string, sectionId: string | undefined, includeDeleted: boolean) =>
  useInfiniteQuery({ ...sectionVideosQuery(teamId, sectionId ?? '', includeDeleted), enabled: !!sectionId });

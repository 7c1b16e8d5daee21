import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { sectionVideosKey } from '../keys.ts';

/** The videos page asks 12 at a time. */
export const VIDEOS_PAGE = 12;

export type ListVideosParams = RpcInput<'list_team_videos'>;

const listTeamVideos = (p: ListVideosParams) => rpc('list_team_videos', { limit: VIDEOS_PAGE, ...p });

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

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { videoSectionsKey } from '../keys.ts';

export type ListVideoSectionsParams = RpcInput<'list_team_video_sections'>;

const listTeamVideoSections = (p: ListVideoSectionsParams) =>
  rpc('list_team_video_sections', { limit: 20, sort_by: 'sort_order', sort_order: 'asc', ...p });

const videoSectionsQuery = (teamId: string, includeDeleted: boolean) =>
  infiniteQueryOptions({
    queryKey: videoSectionsKey(teamId, includeDeleted),
    queryFn: ({ pageParam }) => listTeamVideoSections({ team_id: teamId, cursor: pageParam, include_deleted: includeDeleted || undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useVideoSections = (teamId: string, includeDeleted: boolean) => useInfiniteQuery(videoSectionsQuery(teamId, includeDeleted));

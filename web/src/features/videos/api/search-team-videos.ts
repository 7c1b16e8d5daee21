import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { VIDEOS_PAGE } from './list-team-videos.ts';
import { videoSearchKey } from '../keys.ts';

export const SEARCH_MAX = TEXT_LIMITS.videoSearch;

export type SearchVideosParams = RpcInput<'search_team_videos'>;

const searchTeamVideos = (p: SearchVideosParams) => rpc('search_team_videos', { limit: VIDEOS_PAGE, ...p });

const searchVideosQuery = (teamId: string, query: string) =>
  infiniteQueryOptions({
    queryKey: videoSearchKey(teamId, query),
    queryFn: ({ pageParam }) => searchTeamVideos({ team_id: teamId, query, limit: VIDEOS_PAGE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useSearchVideos = (teamId: string, query: string) => useInfiniteQuery({ ...searchVideosQuery(teamId, query), enabled: query.length > 0 });

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { VideoSectionPage } from '@tribuna/portal/types';
import { videoSectionsKey } from './keys.ts';

export interface ListVideoSectionsParams {
  team_id: string;
  limit?: number;
  cursor?: string;
  sort_by?: string;
  sort_order?: 'asc' | 'desc';
  include_deleted?: boolean;
}

const listTeamVideoSections = (p: ListVideoSectionsParams) =>
  rpc<VideoSectionPage>('list_team_video_sections', { limit: 20, sort_by: 'sort_order', sort_order: 'asc', ...p });

const videoSectionsQuery = (teamId: string, includeDeleted: boolean) =>
  infiniteQueryOptions({
    queryKey: videoSectionsKey(teamId, includeDeleted),
    queryFn: ({ pageParam }) => listTeamVideoSections({ team_id: teamId, cursor: pageParam, include_deleted: includeDeleted || undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const useVideoSections = (teamId: string, includeDeleted: boolean) => useInfiniteQuery(videoSectionsQuery(teamId, includeDeleted));

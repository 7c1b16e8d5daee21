import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { photoSectionsKey } from '../keys.ts';

export type ListPhotoSectionsParams = RpcInput<'list_team_photo_sections'>;

const listTeamPhotoSections = (p: ListPhotoSectionsParams) =>
  rpc('list_team_photo_sections', { limit: 20, sort_by: 'create_time', sort_order: 'desc', ...p });

const photoSectionsQuery = (teamId: string, includeDeleted: boolean) =>
  infiniteQueryOptions({
    queryKey: photoSectionsKey(teamId, includeDeleted),
    queryFn: ({ pageParam }) => listTeamPhotoSections({ team_id: teamId, cursor: pageParam, include_deleted: includeDeleted || undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const usePhotoSections = (teamId: string, includeDeleted: boolean) => useInfiniteQuery(photoSectionsQuery(teamId, includeDeleted));

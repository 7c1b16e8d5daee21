import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import { sectionPhotosKey } from '../keys.ts';

const PHOTOS_PAGE = 50;

export type ListPhotosParams = RpcInput<'list_team_photos'>;

const listTeamPhotos = (p: ListPhotosParams) => rpc('list_team_photos', { limit: PHOTOS_PAGE, ...p });

const photosQuery = (teamId: string, sectionId: string, includeDeleted: boolean) =>
  infiniteQueryOptions({
    queryKey: sectionPhotosKey(teamId, sectionId, includeDeleted),
    queryFn: ({ pageParam }) => listTeamPhotos({ team_id: teamId, section_id: sectionId, cursor: pageParam, include_deleted: includeDeleted || undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const usePhotos = (teamId: string, sectionId: string | undefined, includeDeleted: boolean) =>
  useInfiniteQuery({ ...photosQuery(teamId, sectionId ?? '', includeDeleted), enabled: !!sectionId });

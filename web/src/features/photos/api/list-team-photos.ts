import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { PhotoPage } from '@tribuna/portal/types';
import { teamPhotosKey } from './keys.ts';

const PHOTOS_PAGE = 50;

export interface ListPhotosParams {
  team_id: string;
  section_id?: string;
  include_deleted?: boolean;
  limit?: number;
  cursor?: string;
  sort_order?: 'asc' | 'desc';
}

const listTeamPhotos = (p: ListPhotosParams) => rpc<PhotoPage>('list_team_photos', { limit: PHOTOS_PAGE, ...p });

const photosQuery = (teamId: string, sectionId: string, includeDeleted: boolean) =>
  infiniteQueryOptions({
    queryKey: [...teamPhotosKey(teamId), 'photos', sectionId, { includeDeleted }],
    queryFn: ({ pageParam }) => listTeamPhotos({ team_id: teamId, section_id: sectionId, cursor: pageParam, include_deleted: includeDeleted || undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor || undefined,
  });

export const usePhotos = (teamId: string, sectionId: string | undefined, includeDeleted: boolean) =>
  useInfiniteQuery({ ...photosQuery(teamId, sectionId ?? '', includeDeleted), enabled: !!sectionId });

import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import type { VideoPage } from '@tribuna/portal/types';
import { sectionVideosKey, teamVideosKey } from '../keys.ts';
import { reorderPages } from './order.ts';

const reorderTeamVideos = (input: RpcInput<'reorder_team_videos'>) => rpc('reorder_team_videos', input);

/** Moves the videos at once, puts them back if the server refuses. */
export function useReorderVideos(teamId: string, includeDeleted: boolean) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reorderTeamVideos,
    onMutate: async ({ section_id, ids }) => {
      const key = sectionVideosKey(teamId, section_id, includeDeleted);
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<InfiniteData<VideoPage>>(key);
      qc.setQueryData<InfiniteData<VideoPage>>(key, (d) => reorderPages(d, (p) => p.videos, (p, videos) => ({ ...p, videos }), ids));
      return { previous, key };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(ctx.key, ctx.previous);
    },
    onSettled: (_d, _e, v) => qc.invalidateQueries({ queryKey: [...teamVideosKey(teamId), 'videos', v.section_id] }),
  });
}

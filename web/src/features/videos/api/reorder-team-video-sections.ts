import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { rpc, type RpcInput } from '../../../lib/nakama/rpc.ts';
import type { VideoSectionPage } from '@tribuna/portal/types';
import { teamVideosKey, videoSectionsKey } from '../keys.ts';
import { reorderPages } from './order.ts';

const reorderTeamVideoSections = (input: RpcInput<'reorder_team_video_sections'>) => rpc('reorder_team_video_sections', input);

/** Moves the sections at once, puts them back if the server refuses. */
export function useReorderVideoSections(teamId: string, includeDeleted: boolean) {
  const qc = useQueryClient();
  const key = videoSectionsKey(teamId, includeDeleted);
  return useMutation({
    mutationFn: reorderTeamVideoSections,
    onMutate: async ({ ids }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<InfiniteData<VideoSectionPage>>(key);
      qc.setQueryData<InfiniteData<VideoSectionPage>>(key, (d) => reorderPages(d, (p) => p.sections, (p, sections) => ({ ...p, sections }), ids));
      return { previous };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: [...teamVideosKey(teamId), 'sections'] }),
  });
}

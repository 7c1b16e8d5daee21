import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { PhotoSection } from '@tribuna/portal/types';
import { teamPhotosKey } from './keys.ts';

interface PhotoSectionUpdate {
  id: string;
  title?: string;
  description?: string;
  cover_photo_url?: string;
  sort?: number;
}

const updateTeamPhotoSection = (input: PhotoSectionUpdate) => rpc<PhotoSection>('update_team_photo_section', input);

export function useUpdatePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { PhotoSection } from '@tribuna/portal/types';
import { teamPhotosKey } from './keys.ts';

interface PhotoSectionInput {
  team_id: string;
  title: string;
  description?: string;
  cover_photo_url?: string;
  sort?: number;
}

const createTeamPhotoSection = (input: PhotoSectionInput) => rpc<PhotoSection>('create_team_photo_section', input);

export function useCreatePhotoSection(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamPhotoSection, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rpc } from '../../../lib/nakama/rpc.ts';
import type { Photo } from '@tribuna/portal/types';
import { teamPhotosKey } from './keys.ts';

interface PhotoInput {
  team_id: string;
  section_id: string;
  file_id: string;
  description?: string;
}

const createTeamPhoto = (input: PhotoInput) => rpc<Photo>('create_team_photo', input);

export function useCreatePhoto(teamId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createTeamPhoto, onSuccess: () => qc.invalidateQueries({ queryKey: teamPhotosKey(teamId) }) });
}

// The tournaments feature's own team lists (the teams to invite, the teams the user manages), under the
// teams' prefix so a change to any team refreshes them. The tournaments' keys are shared (shared/api).
import { teamKeys } from '../../shared/api/teams.ts';

export const tournamentTeamKeys = {
  pick: (name: string) => [...teamKeys.all, 'pick', name] as const,
  managedBy: (userId: string) => [...teamKeys.all, 'managed-by', userId] as const,
};

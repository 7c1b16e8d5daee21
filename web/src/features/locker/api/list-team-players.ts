import { teamPlayersQuery } from '../../../shared/api/roster.ts';

/** The players a place on the pitch may be given: the team's confirmed ones. */
export const confirmedPlayersQuery = (teamId: string) => teamPlayersQuery(teamId, { is_confirmed: true });

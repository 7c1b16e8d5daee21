// Tournaments' keys and the reads several pages share: a tournament's team links (the tournament's
// participants, a team's tournaments and its nearest ones) and the nearest tournaments of the home page.
// The paged list and the writes are the tournaments feature's (features/tournaments/api/).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamTournament, Tournament } from '@tribuna/portal/types';
import { fileUrl } from '../../lib/nakama/file-url.ts';
import { rpc, type RpcInput } from '../../lib/nakama/rpc.ts';
import { nearestWindow } from './team-home-calls.ts';

export type { TeamTournament, Tournament };

/** 0 cup, 1 round-robin. */
export const TOURNAMENT_TYPES: Record<number, string> = { 0: 'Кубок', 1: 'Круговой' };
export const TOURNAMENT_ACCESS: Record<Tournament['access'], string> = { open: 'Открытый', closed: 'Закрытый' };

export const tournamentImage = (t: { image_url?: string }) => (t.image_url ? fileUrl(t.image_url) : '/images/default-tournament.svg');

/** 0 cup, 1 round-robin. */
export type TournamentType = NonNullable<RpcInput<'create_tournament'>['tournament_type']>;
/** A tournament type written as text (the address, a select), undefined when it is none. */
export const parseTournamentType = (v: string | null): TournamentType | undefined => (v === '0' ? 0 : v === '1' ? 1 : undefined);

export type ListTournamentsParams = Omit<RpcInput<'list_tournaments'>, 'cursor'>;
export type ListLinksParams = Omit<RpcInput<'list_team_tournaments'>, 'cursor'>;

/** Every tournaments query starts with `all`, so one invalidation refreshes lists, links and items alike. */
export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: (params: ListTournamentsParams) => [...tournamentKeys.all, 'list', params] as const,
  nearest: (limit: number) => [...tournamentKeys.all, 'nearest', limit] as const,
  detail: (id: string) => [...tournamentKeys.all, 'detail', id] as const,
  links: (params: ListLinksParams) => [...tournamentKeys.all, 'links', params] as const,
  nearestOfTeam: (teamId: string, limit: number) => [...tournamentKeys.all, 'links', 'nearest', teamId, limit] as const,
};

export const listTournaments = (p: ListTournamentsParams & { cursor?: string }) => rpc('list_tournaments', { limit: 20, ...p });
const listTeamTournaments = (p: ListLinksParams & { cursor?: string }) => rpc('list_team_tournaments', { limit: 100, ...p });

/** The start of the current day: a tournament starting earlier today is still "nearest". */
function startOfToday(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** A team's tournaments (not deleted), soonest first. */
export const useTeamTournaments = (p: ListLinksParams) =>
  useQuery(queryOptions({ queryKey: tournamentKeys.links(p), queryFn: () => listTeamTournaments(p) }));

/** A team's nearest tournaments: not deleted, starting within 30 days (read when the query runs), soonest first. */
export const useNearestTeamTournaments = (teamId: string, limit: number) =>
  useQuery(
    queryOptions({
      queryKey: tournamentKeys.nearestOfTeam(teamId, limit),
      queryFn: () => listTeamTournaments({ team_id: teamId, ...nearestWindow(), limit }),
    }),
  );

/** The nearest tournaments of all (the home page): starting from today, soonest first. */
export const useNearestTournaments = (limit: number) =>
  useQuery(
    queryOptions({
      queryKey: tournamentKeys.nearest(limit),
      queryFn: () => listTournaments({ sort: 'start_time', start_after: startOfToday(new Date()).toISOString(), limit }),
    }),
  );

export type LinkState = 'confirmed' | 'invited' | 'applied';
/** Where a participation stands: confirmed, or waiting for the team (an invitation) or the organiser (an application). */
export const linkState = (l: Pick<TeamTournament, 'is_confirmed' | 'initiator'>): LinkState =>
  l.is_confirmed ? 'confirmed' : l.initiator === 'organizer' ? 'invited' : 'applied';
export const LINK_STATES: Record<LinkState, string> = {
  confirmed: 'Участие подтверждено',
  invited: 'Ждёт подтверждения команды',
  applied: 'Ждёт подтверждения организатора',
};

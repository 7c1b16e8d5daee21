// The answers of the portal's RPCs, for clients: `import type { … } from '@tribuna/portal/types'`.
// Types only, so nothing of the portal reaches a client's bundle. Each one is the area's own type, or
// the type of what the area's store function answers, so a change in the portal shows up in its clients.
import type { listPlayers } from './players/store.ts';
import type { listTeams, Team, TeamViewer } from './teams/store.ts';
import type { listTeamPlayers, lowestFreeNumber } from './roster/store.ts';
import type { listMyInvitations, listTeamInvitations, TeamInvitation } from './roster/invitation-store.ts';
import type { listFormations, listPositions } from './locker/store.ts';
import type { listEvents, listMyEvents } from './calendar/store.ts';
import type { listPhotos, listSections as listPhotoSections } from './photos/store.ts';
import type { listSections as listVideoSections, listVideos } from './videos/store.ts';
import type { listNews } from './news/store.ts';
import type { listMatches, listTournamentMatches } from './matches/store.ts';
import type { listEvents as listMatchEvents } from './matches/event-store.ts';
import type { BracketMatch } from './competition/bracket.ts';
import type { StandingRow } from './competition/standings.ts';
import type { Scorer } from './competition/stats-store.ts';
import type { listStreams } from './streams/store.ts';
import type { listTournaments } from './tournaments/store.ts';
import type { listLinks } from './tournaments/team-store.ts';
import type { Chat, Message } from './chats/store.ts';

type Answer<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

export type { AuthCodeSent, GoogleAuthUrl, SignedIn } from './auth/store.ts';

export type { Player } from './players/store.ts';
/** list_players */
export type PlayerPage = Answer<typeof listPlayers>;

export type { Team, TeamViewer } from './teams/store.ts';
/** get_team */
export type TeamWithViewer = Team & { viewer: TeamViewer };
/** list_teams */
export type TeamPage = Answer<typeof listTeams>;

export type { TeamPlayer } from './roster/store.ts';
/** list_team_players */
export type TeamPlayerPage = Answer<typeof listTeamPlayers>;
/** get_team_free_number: null when every number from 1 to 99 is taken. */
export interface TeamFreeNumber {
  number: Answer<typeof lowestFreeNumber>;
}

export type { TeamInvitation } from './roster/invitation-store.ts';
/** list_team_invitations */
export interface TeamInvitationList {
  invitations: Answer<typeof listTeamInvitations>;
}
/** list_my_team_invitations */
export type MyTeamInvitationPage = Answer<typeof listMyInvitations>;
/** create_team_invitation_link: the link's secret token is given only here. */
export type TeamInvitationLink = TeamInvitation & { token: string };

export type { Formation, Position } from './locker/store.ts';
/** list_team_formations */
export interface FormationList {
  formations: Answer<typeof listFormations>;
}
/** list_team_player_positions */
export interface PositionList {
  positions: Answer<typeof listPositions>;
}

export type { EventType, MyTeamEvent, TeamEvent } from './calendar/store.ts';
/** list_team_events */
export interface TeamEventList {
  events: Answer<typeof listEvents>;
}
/** list_my_team_events */
export interface MyTeamEventList {
  events: Answer<typeof listMyEvents>;
}

export type { Photo, PhotoSection } from './photos/store.ts';
/** list_team_photo_sections */
export type PhotoSectionPage = Answer<typeof listPhotoSections>;
/** list_team_photos */
export type PhotoPage = Answer<typeof listPhotos>;

export type { Video, VideoSection } from './videos/store.ts';
/** list_team_video_sections */
export type VideoSectionPage = Answer<typeof listVideoSections>;
/** list_team_videos and search_team_videos */
export type VideoPage = Answer<typeof listVideos>;

export type { News, NewsBase, NewsListItem } from './news/store.ts';
export type { NewsMedia } from './news/media-store.ts';
/** list_news */
export type NewsPage = Answer<typeof listNews>;
/** like and unlike */
export interface NewsLike {
  like_count: number;
  user_liked: boolean;
}
/** rate_news */
export interface NewsRating {
  rating_count: number;
  average_rating: number;
  user_rating: number;
}
export type { TeamSummary } from './teams/store.ts';

export type { Match, ResultState } from './matches/store.ts';
/** list_matches */
export type MatchPage = Answer<typeof listMatches>;
/** list_tournament_matches */
export interface MatchList {
  matches: Answer<typeof listTournamentMatches>;
}
/** generate_fixtures: kept_pairings when a fixture had a result and only the others moved. */
export interface Fixtures extends MatchList {
  kept_pairings: boolean;
}

export type { EventType as MatchEventType, MatchEvent } from './matches/event-store.ts';
/** list_match_events */
export interface MatchEventList {
  events: Answer<typeof listMatchEvents>;
}
/** What a socket watching a match (watch_match) receives as stream_data, JSON in `data`. */
export type { FeedMessage as MatchFeedMessage } from './matches/live.ts';

/** get_bracket and generate_bracket: each slot with its match (null until both teams are known, and for a bye). */
export interface BracketAnswer {
  rounds: { round: number; matches: (BracketMatch & { match_id: string | null })[] }[];
}
export type { BracketMatch } from './competition/bracket.ts';
/** get_standings */
export interface StandingsAnswer {
  standings: (StandingRow & { team_name: string })[];
}
export type { PlacedBy, StandingRow } from './competition/standings.ts';
/** list_top_scorers */
export interface TopScorers {
  scorers: Scorer[];
}
export type { Scorer } from './competition/stats-store.ts';

export type { Stream } from './streams/store.ts';
/** list_streams (the TV schedule too) */
export type StreamPage = Answer<typeof listStreams>;

export type { Tournament, TournamentAccess } from './tournaments/store.ts';
/** list_tournaments */
export type TournamentPage = Answer<typeof listTournaments>;

export type { Initiator, TeamTournament, TournamentSummary } from './tournaments/team-store.ts';
/** list_team_tournaments */
export type TeamTournamentPage = Answer<typeof listLinks>;

export type { LedgerItem, LedgerPage, Wallet } from './wallet/rpc.ts';
export type { CoinPack } from './shop/packs.ts';
export type { Payment, PaymentMethod, PaymentStatus } from './shop/store.ts';
/** list_coin_packs; create_payment */
export type { CoinPackList, StartedPayment } from './shop/rpc.ts';

export type { Chat, ChatType, Message } from './chats/store.ts';
/** list_chats, list_chats_summary (the latter with last_message, the most recently active first) */
export interface ChatList {
  chats: Chat[];
}
/** list_messages: newest first; cursor pages to older messages. */
export interface MessagePage {
  messages: Message[];
  cursor?: string;
}

/** list_notifications (newest first; cursor pages to older ones), mark_notifications_read */
export type { MarkReadAnswer, NotificationItem, NotificationPage } from './notifications/rpc.ts';

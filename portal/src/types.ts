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
import type { listEvents as listMatchEvents } from './competition/event-store.ts';
import type { BracketMatch } from './competition/bracket.ts';
import type { StandingRow } from './competition/standings.ts';
import type { Scorer } from './competition/stats-store.ts';
import type { listStreams } from './streams/store.ts';
import type { listTournaments } from './tournaments/store.ts';
import type { listLinks } from './tournaments/team-store.ts';
import type { Chat, Message } from './chats/store.ts';
import type { Answer as AttendanceAnswerBase, Status } from './attendance/store.ts';
import type { SquadPlayer } from './attendance/squad-store.ts';
import type { dashboard } from './metrics/dashboard.ts';
import type { rpcs } from './index.ts';

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

export type { EventType as MatchEventType, MatchEvent } from './competition/event-store.ts';
/** list_match_events */
export interface MatchEventList {
  events: Answer<typeof listMatchEvents>;
}
/** What a socket watching a match (watch_match) receives as stream_data, JSON in `data`. */
export type { FeedMessage as MatchFeedMessage } from './competition/live.ts';

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

export type { Status as AttendanceStatus } from './attendance/store.ts';
/** Which target an answer, a list or a deadline is of: exactly one of the two. */
type TargetIds = { event_id: string; match_id?: never } | { match_id: string; event_id?: never };
/** set_attendance */
export type AttendanceAnswer = TargetIds & { team_id: string; user_id: string; status: Status; comment: string; update_time: string };
/** answer_by_token: the answer, and what it was to. */
export type AttendanceByLink = AttendanceAnswer & { title: string; start_time: string; team_name: string };
/** list_attendance: every member of the team, by answer, and the counts (`none`: who has not answered). */
export type AttendanceList = TargetIds & {
  team_id: string;
  start_time: string;
  deadline: string | null;
  /** The deadline, or the start when there is none or it comes first. */
  closes_at: string;
  open: boolean;
  attendance: (AttendanceAnswerBase & { display_name: string })[];
  no_answer: { user_id: string; display_name: string }[];
  counts: { yes: number; no: number; maybe: number; none: number };
  viewer: { status: Status; comment: string } | null;
};
/** set_attendance_deadline */
export type AttendanceDeadline = TargetIds & { team_id: string; deadline: string | null; closes_at: string };

export type { SquadPlayer } from './attendance/squad-store.ts';
/** set_match_squad: the team's squad, with `warnings` the players whose owner did not answer «Приду». */
export interface MatchSquad {
  match_id: string;
  team_id: string;
  players: SquadPlayer[];
  warnings: number;
}
/** get_match_squad: status and warning only for the members of each team. */
export interface MatchSquads {
  match_id: string;
  squads: { team_id: string; players: SquadPlayer[] }[];
}

/** get_reminder_settings, set_reminder_settings */
export type { ReminderSettings } from './reminders/settings.ts';

/** create_calendar_feed: the address is given only here. */
export interface CalendarFeed {
  id: string;
  team_id: string | null;
  url: string;
  create_time: string;
}
/** list_calendar_feeds */
export interface CalendarFeedList {
  feeds: { id: string; team_id: string | null; team_name: string | null; create_time: string }[];
}

/** get_admin_state */
export interface AdminState {
  is_admin: boolean;
}
/** get_metrics_dashboard */
export type MetricsDashboard = Answer<typeof dashboard>;
export type { Period as MetricsPeriod } from './metrics/dashboard.ts';
/**
 * What a client reads back of a value the portal answers with JSON.stringify: Dates (and anything with
 * toJSON) as what toJSON gives, functions dropped, nothing for an empty answer.
 */
export type Json<T> = unknown extends T
  ? T
  : T extends undefined | void
    ? undefined
    : T extends { toJSON(): infer J }
      ? J
      : T extends string | number | boolean | null
        ? T
        : T extends readonly (infer E)[]
          ? Json<E>[]
          : T extends (...args: never[]) => unknown
            ? never
            : { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Json<T[K]> };

type Def = (typeof rpcs)[number];
type Types<D extends Def> = NonNullable<D['types']>;

/**
 * Every RPC of the portal by id: `input` is the payload a client sends (the schema's input: fields with a
 * default or optional may be left out), `output` the answer as the client parses it. Derived from the
 * definitions themselves, so a client typed by it cannot drift from the portal.
 */
export type RpcMap = {
  [D in Def as D['id']]: { input: Types<D>['input']; output: Json<Types<D>['output']> };
};

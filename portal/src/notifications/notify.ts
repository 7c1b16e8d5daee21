// The portal's notifications are the game server's own: persistent, pushed live on the socket and listed by
// GET /v2/notification. One helper per kind gives its code, its Russian subject and the page it leads to
// (`content.link`, a path of the web app); `notify` sends one to its recipients, never to whoever caused it.
import type { Nk, NkTx } from '@tribuna/server';

/**
 * The portal's notification codes (the game server's own are 0 and below: -2 is a friend request).
 * @internal
 */
export const NotificationCode = {
  TeamJoinRequest: 101,
  TeamJoinApproved: 102,
  TeamJoinRejected: 103,
  TeamInvitation: 104,
  TournamentApplication: 105,
  TournamentConfirmed: 106,
  MatchScheduled: 107,
  TournamentInvitation: 108,
  TournamentWithdrawn: 109,
  MatchResultReported: 110,
  MatchResultConfirmed: 111,
  MatchResultDisputed: 112,
  AttendanceQuestion: 113,
  AttendanceReminder: 114,
} as const;

/** How a team's link to a tournament ended or lost its confirmation, told to the other side. */
export type TournamentWithdrawal =
  /** By the tournament's creator, to the team: an application refused, an invitation taken back, a team taken out. */
  | 'application_declined'
  | 'invitation_cancelled'
  | 'team_removed'
  /** By the team, to the tournament's creator: an invitation refused, an application taken back, the team out. */
  | 'invitation_declined'
  | 'application_withdrawn'
  | 'team_left'
  /** By the confirming side, to the other: the team's participation is no longer confirmed. */
  | 'unconfirmed';

export interface PortalNotification {
  code: number;
  subject: string;
  /** What the web app shows and opens: `link` always, ids for the cache to refresh. */
  content: { link: string } & Record<string, string>;
}

/** A team event or a match that a reminder is about, as its subject names it. */
export interface ReminderTarget {
  /** «Тренировка «Вечерняя»», «Матч «Спартак» — «Динамо»». */
  what: string;
  /** Its start as people read it («пятница, 1 мая, 18:30»). */
  when: string;
  link: string;
  /** event_id or match_id, and team_id. */
  ids: Record<string, string>;
}

/** A name in «ёлочках»: what the subjects quote. */
const q = (name: string) => `«${name}»`;

export const notifications = {
  /** To the team's managers: someone asks to join with a player. */
  teamJoinRequest: (team: { id: string; name: string }, who: string): PortalNotification => ({
    code: NotificationCode.TeamJoinRequest,
    subject: `${who} просит принять игрока в команду ${q(team.name)}`,
    content: { link: `/teams/${team.id}/roster`, team_id: team.id },
  }),
  /** To the requester: their player is on the team. */
  teamJoinApproved: (team: { id: string; name: string }): PortalNotification => ({
    code: NotificationCode.TeamJoinApproved,
    subject: `Заявка в команду ${q(team.name)} принята`,
    content: { link: `/teams/${team.id}`, team_id: team.id },
  }),
  /** To the requester: the request was turned down. */
  teamJoinRejected: (team: { id: string; name: string }): PortalNotification => ({
    code: NotificationCode.TeamJoinRejected,
    subject: `Заявка в команду ${q(team.name)} отклонена`,
    content: { link: `/teams/${team.id}`, team_id: team.id },
  }),
  /** To the invitee: the link opens the team's join page with the invitation. */
  teamInvitation: (team: { id: string; name: string }, invitationId: string): PortalNotification => ({
    code: NotificationCode.TeamInvitation,
    subject: `Вас приглашают в команду ${q(team.name)}`,
    content: { link: `/teams/${team.id}/join?invitation=${invitationId}`, team_id: team.id, invitation_id: invitationId },
  }),
  /** To the tournament's creator: a team applies. */
  tournamentApplication: (tournament: { id: string; title: string }, team: { id: string; name: string }): PortalNotification => ({
    code: NotificationCode.TournamentApplication,
    subject: `Команда ${q(team.name)} подала заявку на турнир ${q(tournament.title)}`,
    content: { link: `/tournaments/${tournament.id}/edit`, tournament_id: tournament.id, team_id: team.id },
  }),
  /** To the side that did not confirm (the team's managers, or the creator of an invitation): the team is in the tournament. */
  tournamentConfirmed: (tournament: { id: string; title: string }, team: { id: string; name: string }): PortalNotification => ({
    code: NotificationCode.TournamentConfirmed,
    subject: `Команда ${q(team.name)} участвует в турнире ${q(tournament.title)}`,
    content: { link: `/tournaments/${tournament.id}`, tournament_id: tournament.id, team_id: team.id },
  }),
  /** To the team's managers: the tournament's creator invites the team; they confirm it on the tournament's page. */
  tournamentInvitation: (tournament: { id: string; title: string }, team: { id: string; name: string }): PortalNotification => ({
    code: NotificationCode.TournamentInvitation,
    subject: `Команду ${q(team.name)} приглашают на турнир ${q(tournament.title)}`,
    content: { link: `/tournaments/${tournament.id}`, tournament_id: tournament.id, team_id: team.id },
  }),
  /** To the other side of a team's link: it was removed, or its confirmation withdrawn. */
  tournamentWithdrawn: (
    tournament: { id: string; title: string },
    team: { id: string; name: string },
    how: TournamentWithdrawal,
  ): PortalNotification => ({
    code: NotificationCode.TournamentWithdrawn,
    subject: withdrawalSubject(q(tournament.title), q(team.name), how),
    content: { link: `/tournaments/${tournament.id}`, tournament_id: tournament.id, team_id: team.id, reason: how },
  }),
  /** To a member who has not answered, before the team's answer deadline (or the start): are you coming? */
  attendanceQuestion: (target: ReminderTarget): PortalNotification => ({
    code: NotificationCode.AttendanceQuestion,
    subject: `Вы придёте? ${target.what}, ${target.when}`,
    content: { link: target.link, ...target.ids },
  }),
  /** To a member who answered «Приду», before the start. */
  attendanceReminder: (target: ReminderTarget): PortalNotification => ({
    code: NotificationCode.AttendanceReminder,
    subject: `Скоро: ${target.what}, ${target.when}`,
    content: { link: target.link, ...target.ids },
  }),
  /** To the other team's managers: a match against their team was scheduled. */
  matchScheduled: (match: { id: string }, home: string, guest: string): PortalNotification => ({
    code: NotificationCode.MatchScheduled,
    subject: `Назначен матч ${q(home)} — ${q(guest)}`,
    content: { link: `/matches/${match.id}`, match_id: match.id },
  }),
  /** To the other team's managers: a result was reported, for them to confirm or dispute on the match's page. */
  matchResultReported: (match: { id: string }, home: string, guest: string, score: string): PortalNotification => ({
    code: NotificationCode.MatchResultReported,
    subject: `Подтвердите результат матча ${q(home)} — ${q(guest)}: ${score}`,
    content: { link: `/matches/${match.id}`, match_id: match.id },
  }),
  /** To whoever reported a result: the other side (or the tournament's creator) confirmed it. */
  matchResultConfirmed: (match: { id: string }, home: string, guest: string, score: string): PortalNotification => ({
    code: NotificationCode.MatchResultConfirmed,
    subject: `Результат матча ${q(home)} — ${q(guest)} подтверждён: ${score}`,
    content: { link: `/matches/${match.id}`, match_id: match.id },
  }),
  /** To the tournament's creator (for a friendly, to whoever reported it): the other side disputes the result. */
  matchResultDisputed: (match: { id: string }, home: string, guest: string, comment: string): PortalNotification => ({
    code: NotificationCode.MatchResultDisputed,
    subject: `Результат матча ${q(home)} — ${q(guest)} оспорен`,
    content: { link: `/matches/${match.id}`, match_id: match.id, comment },
  }),
};

function withdrawalSubject(tournament: string, team: string, how: TournamentWithdrawal): string {
  switch (how) {
    case 'application_declined':
      return `Заявка команды ${team} на турнир ${tournament} отклонена`;
    case 'invitation_cancelled':
      return `Приглашение команды ${team} на турнир ${tournament} отменено`;
    case 'team_removed':
      return `Команда ${team} исключена из турнира ${tournament}`;
    case 'invitation_declined':
      return `Команда ${team} отклонила приглашение на турнир ${tournament}`;
    case 'application_withdrawn':
      return `Команда ${team} отозвала заявку на турнир ${tournament}`;
    case 'team_left':
      return `Команда ${team} вышла из турнира ${tournament}`;
    case 'unconfirmed':
      return `Участие команды ${team} в турнире ${tournament} больше не подтверждено`;
  }
}

/**
 * Sends n to each recipient once, except the sender (nobody is told of what they did themselves). With a
 * transaction's `tx`, the notifications are stored with it and pushed after it commits.
 */
export async function notify(nk: Pick<Nk | NkTx, 'notificationsSend'>, recipients: Iterable<string>, n: PortalNotification, senderId: string | null): Promise<void> {
  const to = [...new Set(recipients)].filter((id) => id !== senderId);
  if (!to.length) return;
  await nk.notificationsSend(to.map((userId) => ({ userId, subject: n.subject, content: n.content, code: n.code, senderId, persistent: true })));
}

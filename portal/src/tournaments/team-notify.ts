// Who hears of a team's link to a tournament: each side of what the other side does. The organiser's side
// is the tournament's creator, the team's side its managers (owner and admins); a user who is both acts as
// the organiser. Nobody hears of what they did themselves. Sent through the transaction's tnk: stored with
// the change, pushed after the commit.
import type { NkTx } from '@tribuna/server';
import { notifications, notify, type TournamentWithdrawal } from '../notifications/index.ts';
import { teamManagers } from '../teams/index.ts';
import type { TeamTournament } from './team-store.ts';

const byOrganizer = (link: TeamTournament, actorId: string) => link.tournament.creator_id === actorId;

/** To the team's managers, or to the tournament's creator: whoever is not the actor's side. */
async function otherSide(tnk: NkTx, link: TeamTournament, actorId: string): Promise<string[]> {
  return byOrganizer(link, actorId) ? teamManagers(tnk.db, link.team_id) : [link.tournament.creator_id];
}

/** A new link: an application to the creator, an invitation to the team; confirmed at once, the team hears it is in. */
export async function linkMade(tnk: NkTx, link: TeamTournament, actorId: string): Promise<void> {
  const n = link.is_confirmed
    ? notifications.tournamentConfirmed(link.tournament, link.team)
    : link.initiator === 'organizer'
      ? notifications.tournamentInvitation(link.tournament, link.team)
      : notifications.tournamentApplication(link.tournament, link.team);
  await notify(tnk, await otherSide(tnk, link, actorId), n, actorId);
}

/** The confirming side confirmed the link (the team is in) or withdrew its confirmation. */
export async function confirmationChanged(tnk: NkTx, link: TeamTournament, actorId: string): Promise<void> {
  const n = link.is_confirmed
    ? notifications.tournamentConfirmed(link.tournament, link.team)
    : notifications.tournamentWithdrawn(link.tournament, link.team, 'unconfirmed');
  await notify(tnk, await otherSide(tnk, link, actorId), n, actorId);
}

/** The link was removed; `wasConfirmed` as it stood when it went. */
export async function linkRemoved(tnk: NkTx, link: TeamTournament, wasConfirmed: boolean, actorId: string): Promise<void> {
  let how: TournamentWithdrawal;
  if (byOrganizer(link, actorId)) {
    how = wasConfirmed ? 'team_removed' : link.initiator === 'team' ? 'application_declined' : 'invitation_cancelled';
  } else {
    how = wasConfirmed ? 'team_left' : link.initiator === 'organizer' ? 'invitation_declined' : 'application_withdrawn';
  }
  await notify(tnk, await otherSide(tnk, link, actorId), notifications.tournamentWithdrawn(link.tournament, link.team, how), actorId);
}

// "Подтвердить участие" for whom the confirming side is: a team's owner or admin confirms an invitation
// from the organiser (the team's own page tells whether the viewer manages it); the organiser confirms a
// team's application on the edit page.
import { useQuery } from '@tanstack/react-query';
import { useAuthenticated } from '../../../stores/session.ts';
import { teamQuery } from '../../../shared/api/teams.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import type { TeamTournament } from '../../../shared/api/tournaments.ts';
import { Button } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { useSetTeamTournamentConfirmed } from '../api/set-team-tournament-confirmed.ts';
import { tournamentMessages as m } from '../messages.ts';

export function ConfirmButton({ link }: { link: TeamTournament }) {
  const set = useSetTeamTournamentConfirmed();
  const toast = useToast();
  return (
    <Button
      variant="primary"
      disabled={set.isPending}
      onClick={() =>
        set.mutate(
          { id: link.id, is_confirmed: true },
          {
            onSuccess: () => toast(m.confirmed(link.team.name), 'success'),
            onError: (err) => toast(apiErrorMessage(err, m.confirmFailed), 'error'),
          },
        )
      }
    >
      {m.confirm}
    </Button>
  );
}

/** The confirmation of an invitation, shown to the team's managers while it waits for them. */
export function TeamConfirm({ link }: { link: TeamTournament }) {
  const waitsForTeam = !link.is_confirmed && link.initiator === 'organizer';
  const authenticated = useAuthenticated();
  const team = useQuery({ ...teamQuery(link.team_id), enabled: waitsForTeam && authenticated });
  if (!waitsForTeam || !authenticated || !team.data?.viewer.can_manage) return null;
  return <ConfirmButton link={link} />;
}

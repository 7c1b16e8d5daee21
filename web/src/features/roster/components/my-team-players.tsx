// The viewer's own players on a team, each linking to its page; a confirmed one can leave the team.
import { Link } from '../../../lib/router/index.tsx';
import type { TeamPlayer } from '../../../shared/api/roster.ts';
import { LeaveOrRemove, nameOf } from './leave-or-remove.tsx';
import { rosterMessages as m } from '../messages.ts';
import { playerPhoto } from '../../../shared/ui/player-card.tsx';

export function MyTeamPlayers({ players, teamName }: { players: TeamPlayer[]; teamName: string }) {
  return (
    <section className="card stack" aria-labelledby="my-team-players">
      <h2 id="my-team-players">{m.mineTitle}</h2>
      <ul className="my-team-players">
        {players.map((tp) => (
          <li key={tp.id}>
            <img src={playerPhoto(tp.player.avatar_id)} alt="" width={40} height={40} />
            <span className="my-team-player-name">
              <Link to={`/players/${tp.player_id}`}>{nameOf(tp)}</Link>
              <span className="muted">
                {m.number(tp.number)}
                {!tp.is_confirmed && `, ${m.waiting}`}
              </span>
            </span>
            {tp.is_confirmed && <LeaveOrRemove tp={tp} teamName={teamName} own />}
          </li>
        ))}
      </ul>
    </section>
  );
}

// A broadcast's match: its live score and events feed, kept up to date over the match's feed.
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router/index.tsx';
import { rpc } from '../../../lib/nakama/rpc.ts';
import { EventFeed, LiveScore } from '../../../shared/ui/match-live.tsx';

export function BroadcastMatch({ matchId }: { matchId: string }) {
  const q = useQuery({ queryKey: ['matches', 'detail', matchId], queryFn: () => rpc('get_match', { id: matchId }) });
  if (!q.data) return null;
  const m = q.data;
  const name = (id: string) => (id === m.owner_team_id ? m.owner_team?.name : m.guest_team?.name) ?? id;
  return (
    <section className="broadcast-match" aria-label="Матч трансляции">
      <LiveScore match={m} homeName={name(m.owner_team_id)} guestName={name(m.guest_team_id)} />
      <p><Link to={`/matches/${m.id}`}>Страница матча</Link></p>
      <EventFeed match={m} teamName={name} />
    </section>
  );
}

// /teams/{teamId}/locker3d: the default formation on a 3D pitch that can be orbited.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties } from 'react';
import { Link, useParams } from '../../../lib/router/index.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { ErrorState, Notice, Spinner } from '../../../shared/ui/index.tsx';
import { currentFormation, formationsQuery } from '../api/list-team-formations.ts';
import { positionsQuery } from '../api/list-team-player-positions.ts';
import { confirmedPlayersQuery } from '../api/list-team-players.ts';
import { formationName, lockerMessages as m } from '../messages.ts';
import { usePitchHeight } from '../use-pitch-height.ts';
import '../locker.css';

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  // Only members may open the locker room: nobody else asks for it (and gets refused).
  const isMember = !!team.data?.viewer.is_member;
  const formations = useQuery({ ...formationsQuery(teamId), enabled: isMember });
  const current = formations.data ? currentFormation(formations.data) : undefined;
  const positions = useQuery({ ...positionsQuery(teamId, current?.id ?? ''), enabled: !!current });
  const roster = useQuery({ ...confirmedPlayersQuery(teamId), enabled: isMember });
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const height = usePitchHeight(container);
  const [unsupported, setUnsupported] = useState(false);
  const [sceneFailed, setSceneFailed] = useState(false);
  const ready = positions.data && roster.data;

  useEffect(() => {
    if (!ready || !container) return;
    const el = container;
    let dispose: (() => void) | undefined;
    let cancelled = false;
    import('../scene.ts')
      .then(({ mountScene, webglAvailable }) => {
        if (cancelled) return;
        if (!webglAvailable()) {
          setUnsupported(true);
          return;
        }
        const byPlayer = new Map(roster.data!.map((p) => [p.player_id, p]));
        const players = positions.data!.map((p) => {
          const tp = byPlayer.get(p.playerId);
          return { x: p.x, y: p.y, number: tp?.number ?? 0, name: tp ? tp.player.last_name : '' };
        });
        try {
          dispose = mountScene(el, players);
        } catch (err) {
          // A context can be refused even where WebGL exists (blocked GPU, too many contexts).
          console.error(m.webglMissing, err);
          setUnsupported(true);
        }
      })
      .catch((err: unknown) => {
        // The scene's chunk did not load (offline, a new deployment).
        console.error(m.sceneFailed, err);
        if (!cancelled) setSceneFailed(true);
      });
    return () => {
      cancelled = true;
      dispose?.();
    };
  }, [ready, container, positions.data, roster.data]);

  if (team.isError) return <ErrorState onRetry={() => void team.refetch()}>{m.loadFailed}</ErrorState>;
  if (team.data && !isMember) return <Notice kind="info">{m.membersOnly}</Notice>;
  if (formations.isError) {
    const denied = formations.error instanceof ApiError && formations.error.status === 403;
    return denied ? <Notice kind="info">{m.membersOnly}</Notice> : <ErrorState>{m.loadFailed}</ErrorState>;
  }
  if (positions.isError || roster.isError) {
    const retry = () => void Promise.all([positions.isError && positions.refetch(), roster.isError && roster.refetch()]);
    return <ErrorState onRetry={retry}>{m.loadFailed}</ErrorState>;
  }
  if (!ready) return <Spinner />;
  return (
    <div className="stack">
      <div className="locker3d-head">
        <h2>{m.title3d}{current ? `: ${formationName(current.name)}` : ''}</h2>
        <Link className="btn btn-ghost" to="../locker">{m.back2d}</Link>
      </div>
      {sceneFailed ? (
        <ErrorState>{m.sceneFailed}</ErrorState>
      ) : unsupported ? (
        <Notice kind="info">{m.webglMissing}</Notice>
      ) : (
        <p className="muted locker3d-hint">{m.orbitHint}</p>
      )}
      <div ref={setContainer} className="locker3d-canvas" data-testid="locker3d" style={{ '--pitch-height': `${height}px` } as CSSProperties} />
    </div>
  );
}

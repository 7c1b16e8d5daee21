// /teams/{teamId}/locker: the formation selector, the pitch with draggable players and the bench, sized to
// fit one screen: the pitch as tall as the window allows, the bench beside it (under it on phones).
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type CSSProperties } from 'react';
import { Link, useParams } from '../../../lib/router/index.tsx';
import type { Position, TeamPlayer } from '@tribuna/portal/types';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { useTeam } from '../../../shared/api/teams.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { ErrorState, Notice, Spinner } from '../../../shared/ui/index.tsx';
import { useToast } from '../../../shared/ui/toast.tsx';
import { createFormation } from '../api/create-team-formation.ts';
import { createPosition } from '../api/create-team-player-position.ts';
import { deletePosition } from '../api/delete-team-player-position.ts';
import { currentFormation, formationsQuery } from '../api/list-team-formations.ts';
import { positionsQuery } from '../api/list-team-player-positions.ts';
import { confirmedPlayersQuery } from '../api/list-team-players.ts';
import { makeDefault } from '../api/update-team-formation.ts';
import { movePosition } from '../api/update-team-player-position.ts';
import { lockerKeys } from '../keys.ts';
import { Bench, ChipContent, fullName } from '../components/bench.tsx';
import { FormationDelete } from '../components/formation-delete.tsx';
import { announcements, BENCH_ID, clamp01, draggedPlayer, landing, screenReaderInstructions } from '../dnd.ts';
import { formationName, lockerMessages as m } from '../messages.ts';
import { Pitch, type PitchToken } from '../components/pitch.tsx';
import { TeamChat } from '../components/team-chat.tsx';
import { useMoveBurst, type Move } from '../use-move-burst.ts';
import { usePitchHeight } from '../use-pitch-height.ts';
import '../locker.css';

const NEW = '__new__';

/** Last names under the tokens; a shared one gets the first name's initial. */
function shortNames(players: TeamPlayer[]): Map<string, string> {
  const count = new Map<string, number>();
  for (const tp of players) count.set(tp.player.last_name, (count.get(tp.player.last_name) ?? 0) + 1);
  return new Map(players.map((tp) => {
    const last = tp.player.last_name;
    return [tp.player_id, count.get(last)! > 1 ? `${last} ${tp.player.first_name.charAt(0)}.` : last];
  }));
}

export function Component() {
  const { teamId = '' } = useParams();
  const qc = useQueryClient();
  const toast = useToast();
  const team = useTeam(teamId);
  const authenticated = useAuthenticated();
  // Only members may open the locker room: nobody else asks for it (and gets refused).
  const isMember = !!team.data?.viewer.is_member;
  const formations = useQuery({ ...formationsQuery(teamId), enabled: isMember });
  const current = formations.data ? currentFormation(formations.data) : undefined;
  const positions = useQuery({ ...positionsQuery(teamId, current?.id ?? ''), enabled: !!current });
  const roster = useQuery({ ...confirmedPlayersQuery(teamId), enabled: isMember });
  const [benchPick, setBenchPick] = useState<string | null>(null);
  const [dragging, setDragging] = useState<TeamPlayer | null>(null);
  const [pitchBox, setPitchBox] = useState<HTMLDivElement | null>(null);
  const pitchRef = useRef<HTMLDivElement>(null);
  const pitchHeight = usePitchHeight(pitchBox);
  const hintId = useId();
  const canManage = !!team.data?.viewer.can_manage;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const positionsKey = lockerKeys.positions(teamId, current?.id ?? '');
  const refreshPositions = () => qc.invalidateQueries({ queryKey: lockerKeys.teamPositions(teamId) });
  const players = roster.data ?? [];
  const byPlayer = new Map(players.map((p) => [p.player_id, p]));
  const nameOfPlayer = (playerId: string) => {
    const tp = byPlayer.get(playerId);
    return tp ? fullName(tp) : '';
  };
  const nameAt = (positionId: string) => nameOfPlayer(positions.data?.find((p) => p.id === positionId)?.playerId ?? '');

  async function save({ positionId, x, y }: Move) {
    const name = nameAt(positionId);
    try {
      await movePosition(positionId, x, y);
      toast(m.saved(name), 'success');
    } catch {
      toast(m.saveFailed(name), 'error');
      await refreshPositions();
    }
  }
  const burst = useMoveBurst((move) => void save(move));

  /** Shows the player at once; a refetch under way would bring back the old place, so it is dropped. */
  function showAt(p: Position, x: number, y: number) {
    void qc.cancelQueries({ queryKey: positionsKey });
    qc.setQueryData<Position[]>(positionsKey, (old) => old?.map((o) => (o.id === p.id ? { ...o, x, y } : o)));
  }

  if (team.isPending) return <Spinner />;
  if (team.isError) return <ErrorState onRetry={() => void team.refetch()}>{m.loadFailed}</ErrorState>;
  if (!isMember) return <Notice kind="info">{m.membersOnly}</Notice>;
  if (formations.isError) {
    const denied = formations.error instanceof ApiError && formations.error.status === 403;
    return denied ? <Notice kind="info">{m.membersOnly}</Notice> : <ErrorState onRetry={() => void formations.refetch()}>{m.loadFailed}</ErrorState>;
  }
  if (formations.isPending || roster.isPending || (current && positions.isPending)) return <Spinner />;
  if (roster.isError || positions.isError) return <ErrorState>{m.loadFailed}</ErrorState>;

  const list = formations.data;
  const onPitch = positions.data ?? [];
  const onPitchIds = new Set(onPitch.map((p) => p.playerId));
  const bench = players.filter((p) => !onPitchIds.has(p.player_id));
  const shorts = shortNames(onPitch.flatMap((p) => byPlayer.get(p.playerId) ?? []));

  async function chooseFormation(value: string) {
    burst.flush();
    if (value === NEW) {
      try {
        await createFormation(teamId, m.newName(list.length + 1));
        toast(m.created, 'success');
      } catch {
        toast(m.createFailed, 'error');
      }
    } else {
      try {
        await makeDefault(value);
        toast(m.chosen, 'success');
      } catch {
        toast(m.chooseFailed, 'error');
      }
    }
    await qc.invalidateQueries({ queryKey: lockerKeys.formations(teamId) });
  }

  /** Steps from the place in the cache: keys pressed faster than the pitch re-renders each count. */
  function nudge(p: Position, dx: number, dy: number) {
    const now = qc.getQueryData<Position[]>(positionsKey)?.find((o) => o.id === p.id) ?? p;
    const step = (v: number, d: number) => clamp01(Math.round((v + d) * 1000) / 1000);
    const to = { x: step(now.x, dx), y: step(now.y, dy) };
    showAt(p, to.x, to.y);
    burst.push({ positionId: p.id, ...to });
  }

  function move(p: Position, x: number, y: number) {
    burst.settle(p.id);
    showAt(p, x, y);
    void save({ positionId: p.id, x, y });
  }

  async function place(playerId: string, x: number, y: number) {
    // A bench player is placed only when a formation is chosen and they are not on the pitch yet.
    if (!canManage || !current || onPitchIds.has(playerId)) return;
    const name = nameOfPlayer(playerId);
    setBenchPick(null);
    try {
      await createPosition({ teamId, formationId: current.id, playerId, x, y });
      toast(m.saved(name), 'success');
    } catch {
      toast(m.saveFailed(name), 'error');
    }
    await refreshPositions();
  }

  async function remove(p: Position) {
    burst.settle(p.id);
    try {
      await deletePosition(p.id);
    } catch {
      toast(m.saveFailed(nameOfPlayer(p.playerId)), 'error');
    }
    await refreshPositions();
  }

  function dragStart({ active }: DragStartEvent) {
    const { playerId, positionId } = draggedPlayer(active);
    if (positionId) burst.settle(positionId);
    else setDragging(byPlayer.get(playerId) ?? null);
  }

  function dragEnd(e: DragEndEvent) {
    setDragging(null);
    const { playerId, positionId } = draggedPlayer(e.active);
    const from = positionId ? onPitch.find((p) => p.id === positionId) : undefined;
    if (from && e.over?.id === BENCH_ID) {
      void remove(from);
      return;
    }
    const to = pitchRef.current && landing(pitchRef.current.getBoundingClientRect(), e, from);
    if (!to) return;
    if (!from) void place(playerId, to.x, to.y);
    else if (to.x !== from.x || to.y !== from.y) move(from, to.x, to.y);
  }

  const tokens: PitchToken[] = onPitch.map((p) => ({
    position: p,
    name: nameOfPlayer(p.playerId),
    short: shorts.get(p.playerId) ?? '',
    number: byPlayer.get(p.playerId)?.number ?? 0,
  }));

  return (
    <DndContext sensors={sensors} accessibility={{ announcements, screenReaderInstructions }} onDragStart={dragStart} onDragEnd={dragEnd} onDragCancel={() => setDragging(null)}>
      <div className="locker" style={{ '--pitch-height': `${pitchHeight}px` } as CSSProperties}>
        <div className="locker-controls">
          <div className="field">
            <label htmlFor="formation">{m.formation}</label>
            <select id="formation" value={current?.id ?? ''} disabled={!canManage} onChange={(e) => void chooseFormation(e.target.value)}>
              {list.map((f) => <option key={f.id} value={f.id}>{formationName(f.name)}</option>)}
              {canManage && <option value={NEW}>{m.createNew}</option>}
            </select>
          </div>
          {canManage && current && <FormationDelete teamId={teamId} formation={current} last={list.length <= 1} onBefore={() => burst.flush()} />}
          <Link className="btn btn-ghost" to="../locker3d">{m.view3d}</Link>
        </div>
        <div ref={setPitchBox} className="locker-pitch">
          <Pitch
            tokens={tokens}
            editable={canManage}
            pitchRef={pitchRef}
            keysHintId={hintId}
            onNudge={nudge}
            onRemove={(p) => void remove(p)}
            onPlace={(x, y) => {
              if (benchPick) void place(benchPick, x, y);
            }}
          />
        </div>
        <div className="locker-aside">
          <Bench players={players} bench={bench} editable={canManage} picked={benchPick} onPick={(id) => setBenchPick((cur) => (cur === id ? null : id))} />
          {canManage && (
            <p className="locker-hint muted" id={hintId}>
              {m.pickHint} {m.dragHint} {m.keyboardHint}
            </p>
          )}
          {authenticated && team.data && (team.data.viewer.is_member || canManage) && <TeamChat teamId={teamId} teamName={team.data.name} canManage={canManage} />}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>{dragging && <div className="bench-chip overlay"><ChipContent tp={dragging} /></div>}</DragOverlay>
    </DndContext>
  );
}

// /teams/{teamId}/locker: the formation selector, the pitch with draggable players and the bench.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Position, TeamPlayer } from '@tribuna/portal/types';
import { ApiError } from '../../lib/nakama/errors.ts';
import { useTeam } from '../../shared/api/teams.ts';
import { EmptyState, ErrorState, Notice, Spinner } from '../../shared/ui/index.tsx';
import { useToast } from '../../shared/ui/toast.tsx';
import {
  confirmedPlayersQuery, createFormation, createPosition, currentFormation, deletePosition, formationsQuery, lockerKeys, makeDefault,
  movePosition, positionsQuery,
} from './api/locker.ts';
import { lockerMessages as m } from './messages.ts';
import { Pitch } from './pitch.tsx';
import './locker.css';

const NEW = '__new__';

const nameOf = (tp: TeamPlayer) => `${tp.player.last_name} ${tp.player.first_name}`;

export function Component() {
  const { teamId = '' } = useParams();
  const qc = useQueryClient();
  const toast = useToast();
  const team = useTeam(teamId);
  const formations = useQuery(formationsQuery(teamId));
  const current = formations.data ? currentFormation(formations.data) : undefined;
  const positions = useQuery({ ...positionsQuery(teamId, current?.id ?? ''), enabled: !!current });
  const roster = useQuery(confirmedPlayersQuery(teamId));
  const [benchPick, setBenchPick] = useState<string | null>(null);
  const canManage = !!team.data?.viewer.can_manage;

  if (formations.isError) {
    const denied = formations.error instanceof ApiError && formations.error.status === 403;
    return denied ? <Notice kind="info">{m.membersOnly}</Notice> : <ErrorState onRetry={() => void formations.refetch()}>{m.loadFailed}</ErrorState>;
  }
  if (formations.isPending || roster.isPending || (current && positions.isPending)) return <Spinner />;
  if (roster.isError || positions.isError) return <ErrorState>{m.loadFailed}</ErrorState>;

  const list = formations.data;
  const players = roster.data;
  const byPlayer = new Map(players.map((p) => [p.player_id, p]));
  const onPitch = positions.data ?? [];
  const onPitchIds = new Set(onPitch.map((p) => p.playerId));
  const bench = players.filter((p) => !onPitchIds.has(p.player_id));
  const refreshPositions = () => qc.invalidateQueries({ queryKey: lockerKeys.teamPositions(teamId) });
  const label = (playerId: string) => {
    const tp = byPlayer.get(playerId);
    return tp ? nameOf(tp) : '';
  };

  async function chooseFormation(value: string) {
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

  async function move(p: Position, x: number, y: number) {
    const name = label(p.playerId);
    qc.setQueryData<Position[]>(['positions', teamId, p.formationId], (old) => old?.map((o) => (o.id === p.id ? { ...o, x, y } : o)));
    try {
      await movePosition(p.id, x, y);
      toast(m.saved(name), 'success');
    } catch {
      toast(m.saveFailed(name), 'error');
    }
    await refreshPositions();
  }

  async function place(x: number, y: number) {
    // A bench player is placed only when one is selected, a formation is chosen and it is not on the pitch.
    if (!canManage || !benchPick || !current || onPitchIds.has(benchPick)) return;
    const name = label(benchPick);
    setBenchPick(null);
    try {
      await createPosition({ teamId, formationId: current.id, playerId: benchPick, x, y });
      toast(m.saved(name), 'success');
    } catch {
      toast(m.saveFailed(name), 'error');
    }
    await refreshPositions();
  }

  async function remove(p: Position) {
    try {
      await deletePosition(p.id);
    } catch {
      toast(m.saveFailed(label(p.playerId)), 'error');
    }
    await refreshPositions();
  }

  return (
    <div className="locker stack">
      <div className="row">
        <div className="field">
          <label htmlFor="formation">{m.formation}</label>
          <select id="formation" value={current?.id ?? ''} disabled={!canManage} onChange={(e) => void chooseFormation(e.target.value)}>
            {list.map((f) => <option key={f.id} value={f.id}>{f.name}</option>)}
            {canManage && <option value={NEW}>{m.createNew}</option>}
          </select>
        </div>
        <Link className="btn btn-ghost" to="../locker3d" relative="path">{m.view3d}</Link>
      </div>
      {canManage && <p className="muted">{m.pickHint} {m.keyboardHint}</p>}
      <Pitch
        tokens={onPitch.map((p) => ({ position: p, label: label(p.playerId), number: byPlayer.get(p.playerId)?.number ?? 0 }))}
        editable={canManage}
        label={m.pitch}
        removeLabel={m.remove}
        onMove={(p, x, y) => void move(p, x, y)}
        onRemove={(p) => void remove(p)}
        onPlace={(x, y) => void place(x, y)}
      />
      <section className="card">
        <h2>{m.bench}</h2>
        {players.length === 0 ? (
          <EmptyState>{m.noPlayers}</EmptyState>
        ) : bench.length === 0 ? (
          <p className="muted">{m.benchEmpty}</p>
        ) : (
          <div className="bench" role="group" aria-label={m.bench}>
            {bench.map((tp) => (
              <button
                key={tp.player_id}
                type="button"
                className={`chip${benchPick === tp.player_id ? ' selected' : ''}`}
                aria-pressed={benchPick === tp.player_id}
                disabled={!canManage}
                data-testid={`bench-${tp.player_id}`}
                onClick={() => setBenchPick((cur) => (cur === tp.player_id ? null : tp.player_id))}
              >
                <span className="chip-number">{tp.number}</span> {nameOf(tp)}
              </button>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}

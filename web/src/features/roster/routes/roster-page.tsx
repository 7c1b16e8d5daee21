// /teams/{teamId}/roster: join requests, the pool of confirmed players (filterable by role) and the
// main squad in role columns, each player with their picture and a link to their page. Managers drag
// players onto a column (or use the per-player menu), remove players and invite people; a player's
// owner may take them off the team.
import {
  DndContext, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useDraggable, useDroppable, useSensor, useSensors,
  type CollisionDetection, type DragEndEvent,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from '../../../lib/router/index.tsx';
import { useTeam } from '../../../shared/api/teams.ts';
import { Button, EmptyState, ErrorState, Spinner, ToggleButton } from '../../../shared/ui/index.tsx';
import { useTeamPlayers, type TeamPlayer } from '../../../shared/api/roster.ts';
import { useApprove } from '../api/approve-team-player.ts';
import { useReject } from '../../../shared/api/reject-team-player.ts';
import { FIELD_ROLES } from '../../../shared/lib/roles.ts';
import { useSession } from '../../../stores/session.ts';
import { announcements, screenReaderInstructions, type DraggedPlayer, type RoleDrop } from '../dnd.ts';
import { InvitationsPanel } from '../components/invitations-panel.tsx';
import { LeaveOrRemove, nameOf } from '../components/leave-or-remove.tsx';
import { ROLE_GROUPS, SUBSTITUTE, rosterMessages as m } from '../messages.ts';
import { playerPhoto } from '../../../shared/ui/player-card.tsx';
import '../roster.css';

// The column under the pointer; with the keyboard (no pointer) the one the card overlaps most.
const collision: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length ? under : rectIntersection(args);
};

/** What makes the number the drag handle for the keyboard: dnd-kit's attributes and a name saying what it moves. */
type Handle = ReturnType<typeof useDraggable>['attributes'] & { 'aria-label': string; 'aria-roledescription': string };

/**
 * The player's picture, number and name linking to their page. A chip is dragged by the pointer anywhere
 * on it, the name included; for the keyboard its number is the handle (a button of its own, so that the
 * link is not inside another control). Enter on the name opens the page rather than picking the chip up.
 */
function Who({ tp, handle }: { tp: TeamPlayer; handle?: Handle }) {
  return (
    <>
      <img className="chip-avatar" src={playerPhoto(tp.player.avatar_id)} alt="" width={28} height={28} draggable={false} />
      <span className={handle ? 'chip-number chip-handle' : 'chip-number'} {...handle}>{tp.number}</span>
      <Link
        className="chip-name"
        to={`/players/${tp.player_id}`}
        draggable={false}
        onKeyDown={(e) => e.stopPropagation()}
      >
        {nameOf(tp)}
      </Link>
    </>
  );
}

function handleOf(attributes: ReturnType<typeof useDraggable>['attributes'], tp: TeamPlayer): Handle {
  return { ...attributes, 'aria-label': m.handle(tp.number, nameOf(tp)), 'aria-roledescription': m.draggable };
}

function PlayerChip({ tp, draggable, children }: { tp: TeamPlayer; draggable: boolean; children?: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: tp.id, disabled: !draggable, data: { name: nameOf(tp) } satisfies DraggedPlayer });
  return (
    <div
      ref={setNodeRef}
      className={`chip${isDragging ? ' dragging' : ''}${draggable ? ' draggable' : ''}`}
      style={{ transform: CSS.Translate.toString(transform) }}
      data-testid={`player-${tp.player_id}`}
      {...(draggable ? listeners : {})}
    >
      <Who tp={tp} handle={draggable ? handleOf(attributes, tp) : undefined} />
      {(tp.team_role === 1 || children) && (
        <span className="chip-actions">
          {tp.team_role === 1 && <span className="badge">{m.admin}</span>}
          {children}
        </span>
      )}
    </div>
  );
}

function RoleColumn({ role, label, players, canManage, error, onRemove, leave }: {
  role: number;
  label: string;
  players: TeamPlayer[];
  canManage: boolean;
  error: boolean;
  onRemove(tp: TeamPlayer): void;
  /** The control by which the viewer's own player leaves, where they may not manage the team. */
  leave(tp: TeamPlayer): ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `role-${role}`, disabled: !canManage, data: { label } satisfies RoleDrop });
  return (
    <section ref={setNodeRef} className={`role-column${isOver ? ' over' : ''}${error ? ' error' : ''}`} aria-label={label} data-testid={`column-${role}`}>
      <h3>{label}</h3>
      {error && <p className="field-error" role="alert">{m.dropFailed}</p>}
      {players.length === 0 && canManage && <p className="muted drop-hint">{m.dropHere}</p>}
      {players.map((tp) => (
        <PlayerChip key={tp.id} tp={tp} draggable={canManage}>
          {canManage ? (
            <button
              type="button"
              className="chip-action chip-remove"
              aria-label={`${m.remove}: ${nameOf(tp)}`}
              title={m.remove}
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => onRemove(tp)}
            >
              ×
            </button>
          ) : (
            leave(tp)
          )}
        </PlayerChip>
      ))}
    </section>
  );
}

// A request is approved into the pool by 'Добавить', or straight into the main squad by dragging its
// handle (the number and name) onto a role column.
function Request({ tp, onAdd, onDecline, busy }: { tp: TeamPlayer; onAdd(role: number): void; onDecline(): void; busy: boolean }) {
  const [role, setRole] = useState(tp.field_role || SUBSTITUTE);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: tp.id, disabled: busy, data: { name: nameOf(tp) } satisfies DraggedPlayer });
  return (
    <li ref={setNodeRef} className={`request${isDragging ? ' dragging' : ''}`} style={{ transform: CSS.Translate.toString(transform) }}>
      <span className="request-handle draggable" data-testid={`request-${tp.player_id}`} {...listeners}>
        <Who tp={tp} handle={handleOf(attributes, tp)} />
      </span>
      <select aria-label={`${m.fieldRole}: ${nameOf(tp)}`} value={role} onChange={(e) => setRole(Number(e.target.value))}>
        {Object.entries(FIELD_ROLES).filter(([v]) => v !== '0').map(([v, label]) => <option key={v} value={v}>{label}</option>)}
      </select>
      <Button disabled={busy} onClick={() => onAdd(role)}>{m.add}</Button>
      <Button variant="ghost" disabled={busy} onClick={onDecline}>{m.decline}</Button>
    </li>
  );
}

export function Component() {
  const { teamId = '' } = useParams();
  const team = useTeam(teamId);
  const players = useTeamPlayers(teamId);
  const approve = useApprove(teamId);
  const reject = useReject(teamId);
  const [filter, setFilter] = useState<number | null>(null);
  const [errorColumn, setErrorColumn] = useState<number | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const canManage = !!team.data?.viewer.can_manage;
  const me = useSession().session?.user_id;
  const teamName = team.data?.name ?? '';
  const { hash } = useLocation();
  // The join page links the invitations panel (#invitations): shown once the roster has loaded.
  const loaded = players.isSuccess && team.isSuccess;
  useEffect(() => {
    if (hash === '#invitations' && canManage && loaded) document.getElementById('invitations')?.scrollIntoView?.();
  }, [hash, canManage, loaded]);

  // A drag released over a player's name would follow its link: the click that ends a drag is not one.
  const dragging = useRef(false);
  useEffect(() => {
    const swallow = (e: MouseEvent) => {
      if (dragging.current) e.preventDefault();
    };
    window.addEventListener('click', swallow, true);
    return () => window.removeEventListener('click', swallow, true);
  }, []);
  const dragOver = () => {
    // The click of the releasing press comes right after the drag's end, before this runs.
    setTimeout(() => {
      dragging.current = false;
    }, 0);
  };

  if (players.isPending || team.isPending) return <Spinner />;
  if (players.isError) return <ErrorState onRetry={() => void players.refetch()}>{m.loadFailed}</ErrorState>;

  const all = players.data;
  const requests = all.filter((tp) => !tp.is_confirmed);
  const pool = all.filter((tp) => tp.is_confirmed && !tp.is_main_squad && (filter === null || tp.field_role === filter));
  const main = all.filter((tp) => tp.is_confirmed && tp.is_main_squad);

  const toMain = (tp: TeamPlayer, role: number) => {
    setErrorColumn(null);
    approve.mutate(
      { id: tp.id, field_role: role, is_main_squad: true, number: tp.number },
      { onError: () => setErrorColumn(role) },
    );
  };

  /** The viewer's own player may leave; a manager removes anyone (their own player leaves). */
  const removal = (tp: TeamPlayer, asManager: boolean) =>
    asManager || tp.user_id === me ? <LeaveOrRemove tp={tp} teamName={teamName} own={tp.user_id === me} compact /> : null;

  const onDragEnd = (e: DragEndEvent) => {
    dragOver();
    const target = e.over?.id;
    if (typeof target !== 'string' || !target.startsWith('role-')) return;
    const tp = all.find((p) => p.id === e.active.id);
    const role = Number(target.slice(5));
    if (tp && (!tp.is_main_squad || tp.field_role !== role)) toMain(tp, role);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={() => {
        dragging.current = true;
      }}
      onDragCancel={dragOver}
      onDragEnd={onDragEnd}
    >
      <div className="roster stack">
        {canManage && (
          <section className="card">
            <h2>{m.requests}</h2>
            {requests.length === 0 ? (
              <EmptyState>{m.noRequests}</EmptyState>
            ) : (
              <ul className="requests">
                {requests.map((tp) => (
                  <Request
                    key={tp.id}
                    tp={tp}
                    busy={approve.isPending || reject.isPending}
                    onAdd={(role) => approve.mutate({ id: tp.id, field_role: role, is_main_squad: false })}
                    onDecline={() => reject.mutate(tp.id)}
                  />
                ))}
              </ul>
            )}
          </section>
        )}
        <section className="card">
          <h2>{m.pool}</h2>
          <div className="filter-bar" role="group" aria-label={m.roleFilter}>
            <ToggleButton pressed={filter === null} onClick={() => setFilter(null)}>{m.all}</ToggleButton>
            {ROLE_GROUPS.map((g) => (
              <ToggleButton key={g.role} pressed={filter === g.role} onClick={() => setFilter(g.role)}>{g.label}</ToggleButton>
            ))}
          </div>
          {pool.length === 0 && <EmptyState>{m.poolEmpty}</EmptyState>}
          <div className="pool">
            {pool.map((tp) => (
              <PlayerChip key={tp.id} tp={tp} draggable={canManage}>
                {canManage && (
                  <select
                    className="chip-action"
                    aria-label={`${m.toMain}: ${nameOf(tp)}`}
                    value=""
                    onPointerDown={(e) => e.stopPropagation()}
                    onKeyDown={(e) => e.stopPropagation()}
                    onChange={(e) => e.target.value && toMain(tp, Number(e.target.value))}
                  >
                    <option value="">{m.toMain}…</option>
                    {ROLE_GROUPS.map((g) => <option key={g.role} value={g.role}>{g.label}</option>)}
                  </select>
                )}
                {removal(tp, canManage)}
              </PlayerChip>
            ))}
          </div>
        </section>
        <section className="card">
          <h2>{m.main}</h2>
          <div className="role-columns">
            {ROLE_GROUPS.map((g) => (
              <RoleColumn
                key={g.role}
                role={g.role}
                label={g.label}
                canManage={canManage}
                error={errorColumn === g.role}
                players={main.filter((tp) => tp.field_role === g.role)}
                onRemove={(tp) => approve.mutate({ id: tp.id, is_main_squad: false })}
                leave={(tp) => removal(tp, false)}
              />
            ))}
          </div>
        </section>
        {canManage && <InvitationsPanel teamId={teamId} />}
      </div>
    </DndContext>
  );
}

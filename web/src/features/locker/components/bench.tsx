// The bench: confirmed players not on the pitch. Managers pick one and click the pitch, or drag it there
// (pointer or keyboard); a token dragged onto the bench leaves the pitch.
import { useDraggable, useDroppable } from '@dnd-kit/core';
import type { TeamPlayer } from '@tribuna/portal/types';
import { BENCH_ID, type DraggedPlayer } from '../dnd.ts';
import { lockerMessages as m } from '../messages.ts';

export const fullName = (tp: TeamPlayer) => `${tp.player.last_name} ${tp.player.first_name}`;

/** A bench player as the drag overlay shows it, and inside the chip itself. */
export function ChipContent({ tp }: { tp: TeamPlayer }) {
  return (
    <>
      <span className="bench-chip-number">{tp.number}</span>
      <span className="bench-chip-name">{fullName(tp)}</span>
    </>
  );
}

function BenchChip({ tp, editable, picked, onPick }: { tp: TeamPlayer; editable: boolean; picked: boolean; onPick(): void }) {
  const data: DraggedPlayer = { playerId: tp.player_id, name: fullName(tp) };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `bench:${tp.player_id}`, data, disabled: !editable });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        // A native button needs no role description; dnd-kit's is English.
        aria-roledescription={undefined}
        className={`bench-chip${picked ? ' selected' : ''}${isDragging ? ' dragging' : ''}`}
        aria-pressed={picked}
        disabled={!editable}
        title={fullName(tp)}
        data-testid={`bench-${tp.player_id}`}
        onClick={onPick}
      >
        <ChipContent tp={tp} />
      </button>
    </li>
  );
}

interface Props {
  players: TeamPlayer[];
  bench: TeamPlayer[];
  editable: boolean;
  picked: string | null;
  onPick(playerId: string): void;
}

export function Bench({ players, bench, editable, picked, onPick }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: BENCH_ID, disabled: !editable });
  return (
    <section ref={setNodeRef} className={`locker-bench card${isOver ? ' over' : ''}`} aria-labelledby="locker-bench-title">
      <h2 id="locker-bench-title">{m.bench}</h2>
      {players.length === 0 ? (
        <p className="muted">{m.noPlayers}</p>
      ) : bench.length === 0 ? (
        <p className="muted">{m.benchEmpty}</p>
      ) : (
        <ul className="bench" aria-label={m.bench}>
          {bench.map((tp) => (
            <BenchChip key={tp.player_id} tp={tp} editable={editable} picked={picked === tp.player_id} onPick={() => onPick(tp.player_id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

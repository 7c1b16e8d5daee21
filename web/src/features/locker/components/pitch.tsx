// The football pitch with player tokens: drag them (dnd-kit, pointer) or move them with the arrow keys.
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { useCallback, useState, type KeyboardEvent, type RefObject } from 'react';
import type { Position } from '@tribuna/portal/types';
import { PITCH_ID, pitchPoint, type DraggedPlayer } from '../dnd.ts';
import { lockerMessages as m } from '../messages.ts';

export interface PitchToken {
  position: Position;
  /** The full name, for the accessible name, the title and the announcements. */
  name: string;
  /** What fits under the token (the last name). */
  short: string;
  number: number;
}

interface Props {
  tokens: PitchToken[];
  editable: boolean;
  /** The pitch element, to turn screen points into pitch fractions. */
  pitchRef: RefObject<HTMLDivElement | null>;
  /** The id of the text that explains the tokens' keys. */
  keysHintId?: string;
  /** An arrow key: the step to move the token by (from where it is now, which may be ahead of this render). */
  onNudge(position: Position, dx: number, dy: number): void;
  onRemove(position: Position): void;
  /** A click on empty grass, at pitch fractions. */
  onPlace(x: number, y: number): void;
}

const STEP = 0.02;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };

/** Near a side line the name hangs inwards, near the bottom line it goes above the token: never off the pitch. */
function labelPlacement(x: number, y: number): string {
  const side = x < 0.15 ? ' label-start' : x > 0.85 ? ' label-end' : '';
  return side + (y > 0.9 ? ' label-above' : '');
}

interface TokenProps {
  token: PitchToken;
  editable: boolean;
  selected: boolean;
  keysHintId?: string;
  onSelect(): void;
  onKey(e: KeyboardEvent): void;
  onRemove(): void;
}

function Token({ token, editable, selected, keysHintId, onSelect, onKey, onRemove }: TokenProps) {
  const { position: p, name, short, number } = token;
  const data: DraggedPlayer = { playerId: p.playerId, name, positionId: p.id };
  const { listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `token:${p.id}`, data, disabled: !editable });
  return (
    <div
      className={`token${selected ? ' selected' : ''}${isDragging ? ' dragging' : ''}${labelPlacement(p.x, p.y)}`}
      style={{ left: `${p.x * 100}%`, top: `${p.y * 100}%`, transform: CSS.Translate.toString(transform) }}
    >
      {/* Arrows move a token directly: its own key handler replaces dnd-kit's keyboard dragging (bench players have it). */}
      <button
        ref={setNodeRef}
        type="button"
        className="token-body"
        aria-label={m.tokenLabel(number, name)}
        aria-describedby={editable ? keysHintId : undefined}
        data-testid={`token-${p.playerId}`}
        data-x={p.x.toFixed(3)}
        data-y={p.y.toFixed(3)}
        {...listeners}
        onKeyDown={onKey}
        onFocus={onSelect}
        onClick={onSelect}
      >
        {number}
      </button>
      <span className="token-name" title={name} aria-hidden="true">{short}</span>
      {editable && selected && !isDragging && (
        <button type="button" className="token-remove" aria-label={`${m.remove}: ${name}`} onClick={onRemove}>{m.remove}</button>
      )}
    </div>
  );
}

export function Pitch({ tokens, editable, pitchRef, keysHintId, onNudge, onRemove, onPlace }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: PITCH_ID, disabled: !editable });
  const [selected, setSelected] = useState<string | null>(null);
  const setRefs = useCallback(
    (el: HTMLDivElement | null) => {
      setNodeRef(el);
      pitchRef.current = el;
    },
    [setNodeRef, pitchRef],
  );

  const key = (e: KeyboardEvent, p: Position) => {
    if (!editable) return;
    const d = ARROWS[e.key];
    if (d) {
      e.preventDefault();
      onNudge(p, d[0], d[1]);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onRemove(p);
    }
  };

  return (
    <div
      ref={setRefs}
      className={`pitch${editable ? ' editable' : ''}${isOver ? ' over' : ''}`}
      role="group"
      aria-label={m.pitch}
      data-testid="pitch"
      onClick={(e) => {
        const target = e.target as HTMLElement;
        if (target === pitchRef.current || target.classList.contains('pitch-line')) {
          setSelected(null);
          const { x, y } = pitchPoint(pitchRef.current!.getBoundingClientRect(), e.clientX, e.clientY);
          onPlace(x, y);
        }
      }}
    >
      <div className="pitch-line pitch-half" />
      <div className="pitch-line pitch-circle" />
      <div className="pitch-line pitch-box top" />
      <div className="pitch-line pitch-box bottom" />
      {tokens.map((t) => (
        <Token
          key={t.position.id}
          token={t}
          editable={editable}
          selected={selected === t.position.id}
          keysHintId={keysHintId}
          onSelect={() => setSelected(t.position.id)}
          onKey={(e) => key(e, t.position)}
          onRemove={() => onRemove(t.position)}
        />
      ))}
    </div>
  );
}

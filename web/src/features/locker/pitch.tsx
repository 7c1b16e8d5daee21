// The football pitch with player tokens: drag them (pointer) or move them with the arrow keys.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Position } from '@tribuna/portal/types';
import { clamp01 } from './api/locker.ts';

interface PitchToken {
  position: Position;
  label: string;
  number: number;
}

interface Props {
  tokens: PitchToken[];
  editable: boolean;
  label: string;
  onMove(position: Position, x: number, y: number): void;
  onRemove(position: Position): void;
  /** A click on empty grass, at pitch fractions. */
  onPlace(x: number, y: number): void;
  removeLabel: string;
}

const STEP = 0.02;

export function Pitch({ tokens, editable, label, onMove, onRemove, onPlace, removeLabel }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ id: string; x: number; y: number } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);

  const fractionAt = (clientX: number, clientY: number) => {
    const r = ref.current!.getBoundingClientRect();
    return { x: clamp01((clientX - r.left) / r.width), y: clamp01((clientY - r.top) / r.height) };
  };

  const down = (e: PointerEvent, p: Position) => {
    if (!editable) return;
    e.stopPropagation();
    (e.target as HTMLElement).setPointerCapture(e.pointerId);
    setSelected(p.id);
    setDrag({ id: p.id, x: p.x, y: p.y });
  };
  const move = (e: PointerEvent) => {
    if (!drag) return;
    setDrag({ id: drag.id, ...fractionAt(e.clientX, e.clientY) });
  };
  const up = (p: Position) => {
    if (!drag || drag.id !== p.id) return;
    if (drag.x !== p.x || drag.y !== p.y) onMove(p, drag.x, drag.y);
    setDrag(null);
  };
  const key = (e: KeyboardEvent, p: Position) => {
    if (!editable) return;
    const d = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] }[e.key];
    if (d) {
      e.preventDefault();
      onMove(p, clamp01(p.x + d[0]), clamp01(p.y + d[1]));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      onRemove(p);
    }
  };

  return (
    <div
      ref={ref}
      className="pitch"
      role="group"
      aria-label={label}
      data-testid="pitch"
      onPointerMove={move}
      onClick={(e) => {
        if (e.target === ref.current || (e.target as HTMLElement).classList.contains('pitch-line')) {
          const f = fractionAt(e.clientX, e.clientY);
          setSelected(null);
          onPlace(f.x, f.y);
        }
      }}
    >
      <div className="pitch-line pitch-half" />
      <div className="pitch-line pitch-circle" />
      <div className="pitch-line pitch-box top" />
      <div className="pitch-line pitch-box bottom" />
      {tokens.map(({ position: p, label: name, number }) => {
        const x = drag?.id === p.id ? drag.x : p.x;
        const y = drag?.id === p.id ? drag.y : p.y;
        return (
          <div key={p.id} className={`token${selected === p.id ? ' selected' : ''}`} style={{ left: `${x * 100}%`, top: `${y * 100}%` }}>
            <button
              type="button"
              className="token-body"
              aria-label={`${number} ${name}`}
              data-testid={`token-${p.playerId}`}
              data-x={p.x.toFixed(3)}
              data-y={p.y.toFixed(3)}
              onPointerDown={(e) => down(e, p)}
              onPointerUp={() => up(p)}
              onKeyDown={(e) => key(e, p)}
              onFocus={() => setSelected(p.id)}
            >
              {number}
            </button>
            <span className="token-name">{name}</span>
            {editable && selected === p.id && (
              <button type="button" className="chip-action token-remove" onClick={() => onRemove(p)}>{removeLabel}</button>
            )}
          </div>
        );
      })}
    </div>
  );
}

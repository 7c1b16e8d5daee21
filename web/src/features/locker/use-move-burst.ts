// Arrow-key moves come in bursts: the player is shown moving at once, and the place is saved once, when the
// keys have rested for BURST_MS (one request, one toast), or at once when another player is moved, a drag
// starts or the page is left.
import { useEffect, useRef } from 'react';

/** @internal */
export const BURST_MS = 700;

export interface Move {
  positionId: string;
  x: number;
  y: number;
}

export function useMoveBurst(save: (move: Move) => void) {
  const pending = useRef<{ move: Move; timer: ReturnType<typeof setTimeout> } | null>(null);
  const latestSave = useRef(save);
  useEffect(() => {
    latestSave.current = save;
  });

  const take = () => {
    const p = pending.current;
    if (p) clearTimeout(p.timer);
    pending.current = null;
    return p?.move;
  };
  const flush = () => {
    const move = take();
    if (move) latestSave.current(move);
  };

  // Leaving the page saves what is pending.
  useEffect(
    () => () => {
      const p = pending.current;
      if (!p) return;
      clearTimeout(p.timer);
      pending.current = null;
      latestSave.current(p.move);
    },
    [],
  );

  return {
    /** One more press: the burst's latest place, saved when the keys rest. */
    push(move: Move) {
      if (pending.current && pending.current.move.positionId !== move.positionId) flush();
      take();
      pending.current = { move, timer: setTimeout(flush, BURST_MS) };
    },
    flush,
    /** Forgets a pending move of this place (it is being dragged, removed or saved otherwise); saves any other at once. */
    settle(positionId: string) {
      if (pending.current?.move.positionId === positionId) take();
      else flush();
    },
  };
}

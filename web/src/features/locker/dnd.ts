// Drag and drop of the locker room (dnd-kit): what is dragged, where it lands and what a screen reader hears.
import type { Active, Announcements, ClientRect, Over } from '@dnd-kit/core';
import { dragMessages as m } from './messages.ts';

/** A pitch fraction in 0..1; anything not a number lands in the middle. */
export const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0.5);

export const PITCH_ID = 'pitch';
export const BENCH_ID = 'bench';

/** What a draggable carries: the player's name, and their place when they are on the pitch. */
export interface DraggedPlayer {
  playerId: string;
  name: string;
  positionId?: string;
}

export const draggedPlayer = (active: Active) => active.data.current as DraggedPlayer;

/** Russian announcements that name the player (dnd-kit's own are English and name ids). */
export const announcements: Announcements = {
  onDragStart: ({ active }) => m.picked(draggedPlayer(active).name),
  onDragOver: ({ active, over }) => {
    const { name } = draggedPlayer(active);
    if (over?.id === PITCH_ID) return m.overPitch(name);
    return over?.id === BENCH_ID ? m.overBench(name) : m.offPitch(name);
  },
  onDragEnd: ({ active, over }) => {
    const { name, positionId } = draggedPlayer(active);
    if (positionId) return over?.id === BENCH_ID ? m.benched(name) : m.moved(name);
    return over?.id === PITCH_ID ? m.placed(name) : m.stayedOnBench(name);
  },
  onDragCancel: ({ active }) => m.cancelled(draggedPlayer(active).name),
};

export const screenReaderInstructions = { draggable: m.instructions };

/** The pitch fractions of a point on the screen. */
export function pitchPoint(pitch: ClientRect | DOMRect, clientX: number, clientY: number): { x: number; y: number } {
  return { x: clamp01((clientX - pitch.left) / pitch.width), y: clamp01((clientY - pitch.top) / pitch.height) };
}

/**
 * Where a dropped player lands, in pitch fractions: a token moves by how far it was dragged (clamped to
 * the pitch); a bench chip lands at its centre, and only when dropped on the pitch (null otherwise).
 */
export function landing(
  pitch: ClientRect | DOMRect,
  drop: { active: Active; over: Over | null; delta: { x: number; y: number } },
  from?: { x: number; y: number },
): { x: number; y: number } | null {
  if (from) return { x: clamp01(from.x + drop.delta.x / pitch.width), y: clamp01(from.y + drop.delta.y / pitch.height) };
  const r = drop.active.rect.current.translated;
  if (drop.over?.id !== PITCH_ID || !r) return null;
  return pitchPoint(pitch, r.left + r.width / 2, r.top + r.height / 2);
}

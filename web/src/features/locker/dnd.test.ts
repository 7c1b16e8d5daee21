import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { announcements, BENCH_ID, landing, PITCH_ID, type DraggedPlayer } from './dnd.ts';

const active = (data: DraggedPlayer, translated: { left: number; top: number; width: number; height: number } | null = null) =>
  ({ id: 'x', data: { current: data }, rect: { current: { initial: null, translated } } }) as unknown as Active;
const over = (id: string) => ({ id, rect: {}, data: { current: undefined }, disabled: false }) as unknown as Over;

const token = active({ playerId: 'p1', name: 'Акинфеев Игорь', positionId: 'pos1' });
const benchPlayer = active({ playerId: 'p2', name: 'Головин Александр' });

describe('locker drag announcements', () => {
  it('speak Russian and name the player', () => {
    expect(announcements.onDragStart({ active: token })).toBe('Игрок Акинфеев Игорь поднят.');
    expect(announcements.onDragOver({ active: benchPlayer, over: over(PITCH_ID) })).toBe('Игрок Головин Александр над полем.');
    expect(announcements.onDragOver({ active: token, over: over(BENCH_ID) })).toBe('Игрок Акинфеев Игорь над скамейкой запасных.');
    expect(announcements.onDragOver({ active: token, over: null })).toBe('Игрок Акинфеев Игорь за пределами поля.');
    expect(announcements.onDragEnd({ active: benchPlayer, over: over(PITCH_ID) })).toBe('Игрок Головин Александр поставлен на поле.');
    expect(announcements.onDragEnd({ active: benchPlayer, over: null })).toBe('Игрок Головин Александр остался на скамейке.');
    expect(announcements.onDragEnd({ active: token, over: over(PITCH_ID) })).toBe('Игрок Акинфеев Игорь перемещён.');
    expect(announcements.onDragEnd({ active: token, over: over(BENCH_ID) })).toBe('Игрок Акинфеев Игорь возвращён на скамейку.');
    expect(announcements.onDragCancel({ active: token, over: null })).toBe('Перемещение отменено, игрок Акинфеев Игорь остался на месте.');
  });
});

describe('where a dropped player lands', () => {
  const pitch = { left: 100, top: 50, width: 340, height: 525, right: 440, bottom: 575 };

  it('moves a token by how far it was dragged, kept on the pitch', () => {
    expect(landing(pitch, { active: token, over: over(PITCH_ID), delta: { x: 34, y: -52.5 } }, { x: 0.5, y: 0.5 })).toEqual({ x: 0.6, y: 0.4 });
    expect(landing(pitch, { active: token, over: null, delta: { x: -500, y: 900 } }, { x: 0.5, y: 0.5 })).toEqual({ x: 0, y: 1 });
  });

  it('puts a bench player where the centre of the chip was dropped, and only on the pitch', () => {
    const dropped = active({ playerId: 'p2', name: 'Головин Александр' }, { left: 250, top: 306.5, width: 40, height: 12 });
    expect(landing(pitch, { active: dropped, over: over(PITCH_ID), delta: { x: 0, y: 0 } })).toEqual({ x: 0.5, y: 0.5 });
    expect(landing(pitch, { active: dropped, over: over(BENCH_ID), delta: { x: 0, y: 0 } })).toBeNull();
    expect(landing(pitch, { active: dropped, over: null, delta: { x: 0, y: 0 } })).toBeNull();
  });
});

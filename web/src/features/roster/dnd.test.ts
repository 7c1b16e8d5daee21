import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { announcements } from './dnd.ts';

const active = { id: 'tp-1', data: { current: { name: 'Акинфеев Игорь' } } } as unknown as Active;
const column = (label: string) => ({ id: 'role-1', rect: {}, data: { current: { label } }, disabled: false }) as unknown as Over;

describe('roster drag announcements', () => {
  it('speak Russian and name the player and the column, never an id', () => {
    expect(announcements.onDragStart({ active })).toBe('Игрок Акинфеев Игорь взят.');
    expect(announcements.onDragOver({ active, over: column('Вратари') })).toBe('Игрок Акинфеев Игорь над колонкой «Вратари».');
    expect(announcements.onDragOver({ active, over: null })).toBe('Игрок Акинфеев Игорь не над колонкой основного состава.');
    expect(announcements.onDragEnd({ active, over: column('Запасные') })).toBe('Игрок Акинфеев Игорь перенесён в колонку «Запасные».');
    expect(announcements.onDragEnd({ active, over: null })).toBe('Игрок Акинфеев Игорь остался на месте.');
    expect(announcements.onDragCancel({ active, over: null })).toBe('Перенос отменён, игрок Акинфеев Игорь остался на месте.');
  });
});

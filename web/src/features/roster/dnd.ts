// What a screen reader hears while a player is dragged onto the main squad's role columns: Russian, by the
// player's name and the column's (dnd-kit's own announcements are English and name ids).
import type { Active, Announcements, Over } from '@dnd-kit/core';
import { rosterDragMessages as m } from './messages.ts';

/** What a draggable chip or request carries. */
export interface DraggedPlayer {
  name: string;
}

/** What a role column carries. */
export interface RoleDrop {
  label: string;
}

const nameOf = (active: Active) => (active.data.current as DraggedPlayer | undefined)?.name ?? m.somePlayer;
const columnOf = (over: Over | null) => (over?.data.current as RoleDrop | undefined)?.label;

export const announcements: Announcements = {
  onDragStart: ({ active }) => m.picked(nameOf(active)),
  onDragOver: ({ active, over }) => {
    const column = columnOf(over);
    return column ? m.over(nameOf(active), column) : m.outside(nameOf(active));
  },
  onDragEnd: ({ active, over }) => {
    const column = columnOf(over);
    return column ? m.dropped(nameOf(active), column) : m.notMoved(nameOf(active));
  },
  onDragCancel: ({ active }) => m.cancelled(nameOf(active)),
};

export const screenReaderInstructions = { draggable: m.instructions };

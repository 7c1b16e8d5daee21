import { useState } from 'react';

/** The selected one of a list: the one chosen, or the first while none is chosen or the chosen one is not in the list. */
export function useSelected<T extends { id: string }>(items: readonly T[]): [selected: T | undefined, select: (id: string) => void] {
  const [selectedId, setSelectedId] = useState<string>();
  return [items.find((item) => item.id === selectedId) ?? items[0], setSelectedId];
}

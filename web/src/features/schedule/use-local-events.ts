// The personal events as React state, written through to localStorage and kept in step with other tabs.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { loadEvents, saveEvents, STORAGE_KEY, type LocalEvent } from './local-events.ts';

export function useLocalEvents(onSaveFailed: () => void) {
  const [events, setEvents] = useState<LocalEvent[]>(() => loadEvents());
  const latest = useRef(events);
  useLayoutEffect(() => {
    latest.current = events;
  }, [events]);

  useEffect(() => {
    const sync = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY || e.key === null) setEvents(loadEvents());
    };
    window.addEventListener('storage', sync);
    return () => window.removeEventListener('storage', sync);
  }, []);

  // The page keeps working from memory when the browser refuses to store; the user is told once per change.
  function update(change: (old: LocalEvent[]) => LocalEvent[]) {
    const next = change(latest.current);
    latest.current = next;
    if (!saveEvents(next)) onSaveFailed();
    setEvents(next);
  }

  return {
    events,
    add: (e: LocalEvent) => update((old) => [...old, e]),
    replace: (e: LocalEvent) => update((old) => old.map((x) => (x.id === e.id ? e : x))),
    remove: (id: string) => update((old) => old.filter((x) => x.id !== id)),
  };
}

// Personal events, kept only in this browser's localStorage under 'teamEvents'.
import { dayKey, isEventType, parseDayKey, type EventType } from '../../shared/lib/calendar.ts';

export const STORAGE_KEY = 'teamEvents';

export interface LocalEvent {
  id: string;
  /** yyyy-MM-dd */
  date: string;
  title: string;
  description: string;
  type: EventType;
}

/** localStorage, or null where the browser forbids it (reading the property itself may throw). */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function newEventId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** yyyy-MM-dd as it is, or an older full date string turned into its local day; null when neither. */
function normaliseDate(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  if (parseDayKey(v)) return v;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : dayKey(d);
}

/** The stored events; anything unreadable is skipped rather than breaking the page. */
export function loadEvents(storage: Storage | null = browserStorage()): LocalEvent[] {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const events: LocalEvent[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const date = normaliseDate(r.date);
    if (!date || typeof r.title !== 'string') continue;
    events.push({
      id: typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : newEventId(),
      date,
      title: r.title,
      description: typeof r.description === 'string' ? r.description : '',
      type: isEventType(r.type) ? r.type : 'other',
    });
  }
  return events;
}

/** False when the browser refused (storage full or disabled). */
export function saveEvents(events: readonly LocalEvent[], storage: Storage | null = browserStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(events));
    return true;
  } catch {
    return false;
  }
}

export function sortEvents(events: readonly LocalEvent[]): LocalEvent[] {
  return [...events].sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title, 'ru'));
}

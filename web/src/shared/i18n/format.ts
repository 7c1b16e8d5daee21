// Russian formatting of dates and plurals (numbers: number.ts, without date-fns).
import { format } from 'date-fns';
import { ru } from 'date-fns/locale';

function toDate(v: string | number | Date): Date {
  return v instanceof Date ? v : new Date(v);
}

/** 1 января 2025 г. */
export function formatDate(v: string | number | Date): string {
  return format(toDate(v), 'd MMMM yyyy г.', { locale: ru });
}

/** 1 января 2025 г., 18:30 */
export function formatDateTime(v: string | number | Date): string {
  return format(toDate(v), "d MMMM yyyy г., HH:mm", { locale: ru });
}

export function formatTime(v: string | number | Date): string {
  return format(toDate(v), 'HH:mm', { locale: ru });
}


/** A stored time as the value of a datetime-local field, in the browser's time zone; '' for none. */
export function toLocalInput(iso: string | undefined | null): string {
  return iso ? format(new Date(iso), "yyyy-MM-dd'T'HH:mm") : '';
}

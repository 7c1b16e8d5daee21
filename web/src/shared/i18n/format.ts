// Russian formatting of dates (numbers: number.ts), written out rather than taken from date-fns: the
// pages that show dates (the lists, a team's page) then load neither date-fns's formatter nor its locale.

/** Months as a date names them: «1 января». */
const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

function toDate(v: string | number | Date): Date {
  return v instanceof Date ? v : new Date(v);
}

const two = (n: number) => String(n).padStart(2, '0');

/** 1 января 2025 г. */
export function formatDate(v: string | number | Date): string {
  const d = toDate(v);
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()} г.`;
}

/** 1 января 2025 г., 18:30 */
export function formatDateTime(v: string | number | Date): string {
  return `${formatDate(v)}, ${formatTime(v)}`;
}

/** 18:30 */
export function formatTime(v: string | number | Date): string {
  const d = toDate(v);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A stored time as the value of a datetime-local field, in the browser's time zone; '' for none. */
export function toLocalInput(iso: string | undefined | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${String(d.getFullYear()).padStart(4, '0')}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

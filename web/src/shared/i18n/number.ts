// Russian number formatting, kept apart from date-fns so the first page does not load it.
const number = new Intl.NumberFormat('ru-RU');

export function formatNumber(n: number): string {
  return number.format(n);
}

export function formatRating(n: number, digits = 2): string {
  return new Intl.NumberFormat('ru-RU', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

// Russian number formatting, kept apart from date-fns so the first page does not load it.
const number = new Intl.NumberFormat('ru-RU');

export function formatNumber(n: number): string {
  return number.format(n);
}

export function formatRating(n: number, digits = 2): string {
  return new Intl.NumberFormat('ru-RU', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}

const rules = new Intl.PluralRules('ru-RU');

/** The Russian form of a word for a count: plural(3, ['гол', 'гола', 'голов']) is 'гола'. */
export function plural(n: number, [one, few, many]: readonly [string, string, string]): string {
  const rule = rules.select(n);
  return rule === 'one' ? one : rule === 'few' ? few : many;
}

/** A count with its word: countOf(3, ['гол', 'гола', 'голов']) is '3 гола'. */
export function countOf(n: number, forms: readonly [string, string, string]): string {
  return `${formatNumber(n)} ${plural(n, forms)}`;
}

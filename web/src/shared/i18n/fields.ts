// Strings of the shared form fields: a text's limit, and the note when what was typed or pasted was cut.
import { formatNumber, plural } from './number.ts';

type Forms = readonly [string, string, string];

export const fieldMessages = {
  characters: ['символ', 'символа', 'символов'] as Forms,
  bytes: ['байт', 'байта', 'байт'] as Forms,
  /** Read with the field: "Не более 120 символов." */
  limit: (max: number, forms: Forms) => `Не более ${formatNumber(max)} ${plural(max, forms)}.`,
  /** "Текст обрезан до 120 символов." */
  cut: (max: number, forms: Forms) => `Текст обрезан до ${formatNumber(max)} ${plural(max, forms)}.`,
};

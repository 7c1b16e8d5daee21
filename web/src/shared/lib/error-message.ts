// What a failed call tells the user: the one mapping from a server's refusal to a Russian sentence,
// used by every form and toast. The portal's refusals are Russian already (fields by their labels); the
// game server's own are English (the Nakama API's words) and are translated here; network and server
// failures get the caller's own text, which is the spec's message for that form.
import { ApiError } from '../../lib/nakama/errors.ts';
import { ImageError } from './image.ts';

/** The game server's English refusals that a form can meet, in Russian. */
const KNOWN: Record<string, string> = {
  'Username is already in use.': 'Это имя пользователя уже занято.',
  'Email is already in use.': 'Этот адрес электронной почты уже зарегистрирован.',
  'Invalid credentials.': 'Неверный адрес электронной почты или пароль.',
  'User account not found.': 'Неверный адрес электронной почты или пароль.',
  'Invalid email address': 'Некорректный адрес электронной почты.',
  'Email address is required.': 'Введите адрес электронной почты.',
  'Password must be at least 8 characters long.': 'Пароль должен содержать не менее 8 символов.',
  'Password must be at most 1024 bytes long.': 'Пароль слишком длинный.',
  'Username is required when email address is not supplied.': 'Введите имя пользователя.',
  'Username invalid, no control characters allowed.': 'Имя пользователя не должно содержать управляющих символов.',
  'Username invalid, must be 1-128 bytes.': 'Имя пользователя должно быть не длиннее 128 байт.',
};

/** By gRPC code, for an English refusal the table does not know. */
const BY_CODE: Record<number, string> = {
  3: 'Проверьте введённые данные.',
  5: 'Не найдено: возможно, это уже удалили.',
  6: 'Такая запись уже существует.',
  7: 'Недостаточно прав для этого действия.',
  8: 'Слишком много запросов. Попробуйте немного позже.',
  9: 'Сейчас это действие недоступно.',
  16: 'Сессия истекла. Войдите снова.',
};

const CYRILLIC = /[А-Яа-яЁё]/;
/** A field name the portal left unlabelled ("some_field: …"): never shown. */
const RAW_FIELD = /^[A-Za-z_][A-Za-z0-9_.]*: /;

function sentence(text: string): string {
  const t = text.replace(RAW_FIELD, '').trim();
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * The refusal in the user's words, or undefined when the failure says nothing to them (network, timeouts,
 * unexpected server errors, whose messages are English). A Russian message is the portal's own, whatever
 * the status (503: "Сервер занят обработкой изображений…").
 */
function refusal(error: ApiError): string | undefined {
  const message = error.message.trim();
  if (CYRILLIC.test(message)) return sentence(message);
  if (error.status < 400 || error.status >= 500) return undefined;
  if (error.status === 401 || error.code === 16) return BY_CODE[16];
  const known = KNOWN[message] ?? Object.entries(KNOWN).find(([en]) => message.startsWith(en))?.[1];
  return known ?? BY_CODE[error.code];
}

/**
 * The message for a failed call: a refused request in the user's words; an image the browser refused
 * (too large, not an image) in the spec's; anything else (network, timeout, server error) `fallback`.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ImageError) return error.message;
  if (error instanceof ApiError) return refusal(error) ?? fallback;
  return fallback;
}

/** A failed save or creation in the form's own words, and the server's reason after it when it gives one. */
export function failedWithReason(message: string, error: unknown): string {
  const reason = apiErrorMessage(error, '');
  return reason ? `${message} ${reason}` : message;
}

// The sign-in pages' failures in the spec's words, through the app's one mapping of refusals.
import { ApiError } from '../../lib/nakama/errors.ts';
import { apiErrorMessage } from '../../shared/lib/error-message.ts';
import { authMessages as m } from './messages.ts';

/**
 * A failed request_auth_code: refused input and the rate limits (with the wait time) in the server's
 * words; anything else threw on the server's side ('Ошибка сервера при отправке кода').
 */
export function sendErrorText(err: unknown): string {
  return apiErrorMessage(err, m.sendServerError);
}

/**
 * A failed verify_auth_code: a refused code in the server's words, which say whether it was wrong
 * ('Неверный код'), expired, used up or missing; anything else 'Ошибка при проверке кода'.
 */
export function verifyErrorText(err: unknown): string {
  if (!(err instanceof ApiError) || err.status !== 400) return m.verifyFailed;
  return /[А-Яа-яЁё]/.test(err.message) ? apiErrorMessage(err, m.wrongCode) : m.wrongCode;
}

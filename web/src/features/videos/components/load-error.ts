import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { videoMessages as m } from '../messages.ts';

/** 'Ошибка загрузки данных: {message}', the message in the user's words, 'Неизвестная ошибка' for any other failure. */
export function loadErrorText(error: unknown): string {
  return m.loadFailed(apiErrorMessage(error, m.unknownError));
}

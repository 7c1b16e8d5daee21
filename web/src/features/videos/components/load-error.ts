import { videoMessages as m } from '../messages.ts';

/** 'Ошибка загрузки данных: {message}', with 'Неизвестная ошибка' when there is no message. */
export function loadErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return m.loadFailed(message || m.unknownError);
}

import type { AttendanceStatus } from '@tribuna/portal/types';

export const attendMessages = {
  title: 'Ответ на приглашение',
  answering: 'Сохраняем ваш ответ…',
  saved: 'Ответ сохранён',
  yourAnswer: (label: string) => `Ваш ответ: «${label}»`,
  what: (title: string, team: string) => `${title} — команда «${team}»`,
  when: (time: string) => `Начало: ${time}`,
  change: 'Передумали? Ответьте иначе:',
  comment: 'Комментарий для команды (необязательно)',
  sendComment: 'Отправить комментарий',
  commentSaved: 'Комментарий отправлен',
  failedTitle: 'Ответ не сохранён',
  failed: 'Не удалось сохранить ответ. Попробуйте ещё раз.',
  retry: 'Попробовать снова',
  badLink: 'Ссылка неполная: откройте её из письма целиком или ответьте на странице события.',
  toSite: 'На главную',
  toSchedule: 'Моё расписание',
};

/** The statuses a link may carry. */
export function parseStatus(v: string | null): AttendanceStatus | undefined {
  return v === 'yes' || v === 'no' || v === 'maybe' ? v : undefined;
}

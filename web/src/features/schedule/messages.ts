import { calendarEventMessages } from '../../shared/i18n/calendar.ts';

export const scheduleMessages = {
  ...calendarEventMessages,
  title: 'Моё расписание',
  localOnly: 'События хранятся только в этом браузере и не видны другим.',
  deleteConfirm: (title: string) => `Удалить событие «${title}»?`,
  fillAll: 'Пожалуйста, заполните все поля.',
  fillTitle: 'Пожалуйста, заполните название события.',
  add: 'Добавить',
  added: 'Событие добавлено',
  storageFailed: 'Не удалось сохранить события в браузере',
};

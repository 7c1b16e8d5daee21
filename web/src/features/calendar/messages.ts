import { calendarEventMessages } from '../../shared/i18n/calendar.ts';

export const teamCalendarMessages = {
  ...calendarEventMessages,
  title: 'Расписание',
  add: 'Добавить событие',
  loadFailed: 'Не удалось загрузить события',
  deleteConfirm: (title: string) => `Удалить событие «${title}»? Это нельзя отменить.`,
  fieldTime: 'Время',
  fieldPlace: 'Место',
  titleRequired: 'Введите название события.',
  titleTooLong: 'Название — не длиннее 200 символов.',
  typeRequired: 'Выберите тип события.',
  dateRequired: 'Укажите дату.',
  timeRequired: 'Укажите время события.',
  placeTooLong: 'Место — не длиннее 200 символов.',
  descriptionTooLong: 'Описание — не длиннее 2000 символов.',
  create: 'Создать',
  saving: 'Сохранение…',
  deleting: 'Удаление…',
  created: 'Событие создано',
  saveFailed: 'Не удалось сохранить событие',
  deleteFailed: 'Не удалось удалить событие',
};

// Russian labels of the month calendars.
import { format } from 'date-fns';
import { ru } from 'date-fns/locale';
import type { EventType } from '../lib/calendar.ts';

export const WEEKDAY_LABELS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;
export const WEEKDAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'] as const;

export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  match: 'Матч',
  training: 'Тренировка',
  tournament: 'Турнир',
  birthday: 'День рождения',
  other: 'Другое',
};

export const calendarMessages = {
  previousMonth: 'Предыдущий месяц',
  nextMonth: 'Следующий месяц',
  today: 'Сегодня',
  legend: 'Обозначения',
  eventsOfDay: (day: string) => `События ${day}`,
};

/** What the personal and the team calendar say alike about their events. */
export const calendarEventMessages = {
  monthEvents: 'События месяца',
  empty: 'В этом месяце событий нет.',
  createTitle: 'Новое событие',
  editTitle: 'Изменить событие',
  deleteTitle: 'Удалить событие',
  fieldTitle: 'Название',
  fieldType: 'Тип',
  fieldDate: 'Дата',
  fieldDescription: 'Описание',
  save: 'Сохранить',
  cancel: 'Отмена',
  edit: 'Изменить',
  delete: 'Удалить',
  editNamed: (title: string) => `Изменить «${title}»`,
  deleteNamed: (title: string) => `Удалить «${title}»`,
  saved: 'Событие сохранено',
  deleted: 'Событие удалено',
};

/** «Март 2025»: the month in the nominative, capitalised. */
export function formatMonthTitle(month: Date): string {
  const s = format(month, 'LLLL yyyy', { locale: ru });
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** «15 марта» */
export function formatDayMonth(d: Date): string {
  return format(d, 'd MMMM', { locale: ru });
}

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

const EVENT_FORMS: Record<Intl.LDMLPluralRule, string> = { zero: 'событий', one: 'событие', two: 'события', few: 'события', many: 'событий', other: 'события' };
const plural = new Intl.PluralRules('ru-RU');

export const calendarMessages = {
  previousMonth: 'Предыдущий месяц',
  nextMonth: 'Следующий месяц',
  today: 'Сегодня',
  legend: 'Обозначения',
  eventsOfDay: (day: string) => `События ${day}`,
  /** «1 событие», «3 события», «5 событий» */
  eventCount: (n: number) => `${n} ${EVENT_FORMS[plural.select(n)]}`,
  dayButton: (day: string, n: number) => `${day}: ${calendarMessages.eventCount(n)}`,
  more: (n: number) => `+${n}`,
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

/** «Среда, 5 марта» */
export function formatWeekdayDayMonth(d: Date): string {
  const s = format(d, 'EEEE, d MMMM', { locale: ru });
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** «15 марта» */
export function formatDayMonth(d: Date): string {
  return format(d, 'd MMMM', { locale: ru });
}

import { calendarEventMessages } from '../../shared/i18n/calendar.ts';

export const scheduleMessages = {
  ...calendarEventMessages,
  title: 'Моё расписание',
  aboutSignedIn: 'Здесь матчи и события ваших команд и ваши личные события. Личные события хранятся только в этом браузере и не видны другим.',
  aboutGuest: 'Личные события хранятся только в этом браузере и не видны другим.',
  /** After a «Войдите» link. */
  signIn: 'Войдите',
  signInForTeams: ', чтобы видеть здесь и события своих команд.',
  createTitle: 'Новое личное событие',
  personal: 'Личное',
  teamLink: (team: string) => `Расписание команды «${team}»`,
  matchTitle: (home: string, guest: string) => `${home} — ${guest}`,
  matchLink: (title: string) => `Матч ${title}`,
  teamsFailed: 'Не удалось загрузить события ваших команд',
  deleteConfirm: (title: string) => `Удалить событие «${title}»?`,
  fillAll: 'Пожалуйста, заполните все поля.',
  fillTitle: 'Пожалуйста, заполните название события.',
  add: 'Добавить',
  added: 'Событие добавлено',
  storageFailed: 'Не удалось сохранить события в браузере',
};

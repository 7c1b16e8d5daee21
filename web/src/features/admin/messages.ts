import type { MetricsPeriod } from '@tribuna/portal/types';

export const adminMessages = {
  title: 'Администрирование',
  lead: 'Посещаемость сайта по московскому времени.',
  noAccessTitle: 'Нет доступа',
  noAccess: 'Эта страница только для администраторов сайта.',
  signIn: 'Войдите, если вы администратор.',
  toLogin: 'Войти',
  toHome: 'На главную',
  checkFailed: 'Не удалось проверить права доступа',
  loadFailed: 'Не удалось загрузить статистику',
  period: 'Период',
  periods: { day: 'Сутки', week: 'Неделя', month: 'Месяц' } satisfies Record<MetricsPeriod, string>,
  views: 'Просмотры страниц',
  total: (n: string) => `Всего за период: ${n}`,
  pages: 'Популярные страницы',
  browsers: 'Браузеры',
  resolutions: 'Размеры экранов',
  empty: 'За этот период данных нет.',
  count: 'Просмотры',
  chartNote: (what: string) => `Диаграмма: ${what}. Данные — в таблице ниже.`,
  value: 'Значение',
};

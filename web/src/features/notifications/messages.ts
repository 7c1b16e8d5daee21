export const notificationMessages = {
  bell: 'Уведомления',
  bellUnread: (badge: string) => `Уведомления, непрочитанных: ${badge}`,
  unreadStatus: (n: number, atLeast: boolean) =>
    n ? `Непрочитанных уведомлений: ${n}${atLeast ? ' и больше' : ''}` : 'Непрочитанных уведомлений нет',
  title: 'Уведомления',
  markAll: 'Отметить все как прочитанные',
  close: 'Закрыть уведомления',
  empty: 'Уведомлений пока нет',
  emptyHint: 'Здесь появятся заявки и приглашения в команды и турниры, назначенные матчи и заявки в друзья.',
  loading: 'Загрузка…',
  loadFailed: 'Не удалось загрузить уведомления',
  more: 'Показать ещё',
  moreFailed: 'Не удалось загрузить следующие уведомления. Попробуйте ещё раз.',
  remove: 'Удалить уведомление',
  removeFailed: 'Не удалось удалить уведомление',
  markFailed: 'Не удалось отметить уведомления как прочитанные',
  unread: 'Не прочитано',
  /** A person whose name is still loading. */
  someone: 'Пользователь',
  friendRequest: (name: string) => `${name} хочет добавить вас в друзья`,
  friendAccepted: (name: string) => `${name} принял(а) вашу заявку в друзья`,
};

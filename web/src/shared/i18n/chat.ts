// Russian strings of a chat conversation (the widget's and the locker room's).
export const conversationMessages = {
  back: 'Назад',
  history: 'Сообщения',
  input: 'Сообщение',
  placeholder: 'Сообщение…',
  send: 'Отправить',
  sendFailed: 'Не удалось отправить сообщение',
  loadFailed: 'Не удалось получить сообщения',
  empty: 'Сообщений пока нет. Напишите первым!',
  loadingOlder: 'Загрузка ранних сообщений…',
  start: 'Начало переписки',
  you: 'Вы',
  /** Read out by screen readers when a message comes into the open chat. */
  incomingRegion: 'Новые сообщения',
  incoming: (name: string, text: string) => `Новое сообщение от ${name}: ${text}`,
};

/** Pool filters and role columns: plural names of the field roles. */
export const ROLE_GROUPS: Array<{ role: number; label: string }> = [
  { role: 1, label: 'Вратари' },
  { role: 2, label: 'Защитники' },
  { role: 3, label: 'Полузащитники' },
  { role: 4, label: 'Нападающие' },
  { role: 5, label: 'Запасные' },
];

export const SUBSTITUTE = 5;

export const rosterMessages = {
  title: 'Состав',
  requests: 'Заявки на вступление',
  noRequests: 'Новых заявок нет.',
  add: 'Добавить',
  decline: 'Отклонить',
  pool: 'Игроки команды',
  poolEmpty: 'Все игроки в основном составе или в команде пока нет игроков.',
  all: 'Все',
  main: 'Основной состав',
  remove: 'Убрать',
  toMain: 'В основной состав',
  dropHere: 'Перетащите игрока сюда',
  dropFailed: 'Не удалось перенести игрока',
  loadFailed: 'Не удалось загрузить состав',
  roleFilter: 'Фильтр по амплуа',
  fieldRole: 'Амплуа',
  admin: 'админ',
  number: (n: number) => `№ ${n}`,
  joinTitle: 'Заявка в команду',
  choosePlayer: 'Выберите игрока',
  noPlayers: 'У вас пока нет игроков.',
  playersLoadFailed: 'Не удалось загрузить ваших игроков',
  createPlayer: 'Создать игрока',
  shirtNumber: 'Номер (1–99, необязательно)',
  suggested: (n: number) => `Свободный номер: ${n}`,
  allTaken: 'Все номера от 1 до 99 заняты',
  numberRange: 'Номер должен быть от 1 до 99',
  send: 'Отправить заявку',
  sending: 'Отправка…',
  sent: 'Заявка отправлена',
  sendFailed: 'Не удалось отправить заявку',
  alreadyIn: 'Один из ваших игроков уже в этой команде.',
  alreadyAsked: 'Заявка отправлена: она ждёт одобрения владельца или администратора команды.',
  closedTeam: 'Команда закрыта: заявки принимают только её владелец и администраторы.',
  signIn: 'Чтобы вступить в команду, войдите или зарегистрируйтесь.',
  toLogin: 'Войти',
  /** Screen readers announce a draggable chip or request with this. */
  draggable: 'перетаскиваемый игрок',
};

/** Said aloud while a player is dragged onto a column of the main squad. */
export const rosterDragMessages = {
  instructions:
    'Чтобы взять игрока, нажмите пробел или Enter. Стрелки переносят его между колонками основного состава, пробел или Enter оставляют его в колонке, Esc отменяет перенос.',
  somePlayer: 'без имени',
  picked: (name: string) => `Игрок ${name} взят.`,
  over: (name: string, column: string) => `Игрок ${name} над колонкой «${column}».`,
  outside: (name: string) => `Игрок ${name} не над колонкой основного состава.`,
  dropped: (name: string, column: string) => `Игрок ${name} перенесён в колонку «${column}».`,
  notMoved: (name: string) => `Игрок ${name} остался на месте.`,
  cancelled: (name: string) => `Перенос отменён, игрок ${name} остался на месте.`,
};

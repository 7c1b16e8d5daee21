export const matchMessages = {
  listTitle: 'Матчи',
  create: 'Создать матч',
  end: 'Больше матчей нет',
  periodsLabel: 'Какие матчи показать',
  /** The buttons; the lists are named by `periods`. */
  periodButtons: { upcoming: 'Предстоящие', past: 'Прошедшие' },
  periods: { upcoming: 'Предстоящие матчи', past: 'Прошедшие матчи' },
  empty: { upcoming: 'Предстоящих матчей нет.', past: 'Прошедших матчей пока нет.' },
  loadFailed: 'Не удалось загрузить матчи.',
  loadingMore: 'Загружаем ещё матчи…',
  matchTime: 'Время матча',
  created: 'Создан',
  vs: ':',
  /** A team whose page is gone: its id stands in its place, as the spec says. */
  teamGone: (id: string) => id,

  // Create.
  createTitle: 'Новый матч',
  homeTeam: 'Команда хозяев',
  guestTeam: 'Команда гостей',
  search: 'Поиск команды',
  searchPlaceholder: 'Начните вводить название',
  noTeams: 'Команды не найдены',
  teamsFailed: 'Не удалось загрузить команды.',
  chosen: 'Выбрана',
  homeRequired: 'Выберите команду хозяев.',
  guestRequired: 'Выберите команду гостей.',
  sameTeams: 'Команды хозяев и гостей должны быть разными.',
  timeRequired: 'Укажите дату и время матча.',
  timeInPast: 'Время матча не может быть в прошлом.',
  whoCreates: 'Матч назначает владелец или администратор одной из двух команд; руководители другой команды получат уведомление.',
  submit: 'Создать матч',
  submitting: 'Создание…',
  success: 'Матч успешно создан.',
  createFailed: 'Ошибка при создании матча.',
  signInToCreate: 'Чтобы создать матч, войдите или зарегистрируйтесь.',
  toLogin: 'Войти',

  // The match page.
  title: (home: string, guest: string) => `${home} — ${guest}`,
  notFound: 'Матч не найден',
  notFoundText: 'Возможно, его удалили.',
  backToList: 'К списку матчей',
  matchLoadFailed: 'Не удалось загрузить матч.',
  tools: 'Управление матчем',
  edit: 'Редактировать',
  delete: 'Удалить',
  deleteTitle: 'Удалить матч?',
  deleteText: (title: string) => `Матч «${title}» будет удалён без возможности восстановления.`,
  deleted: 'Матч удалён',
  deleteFailed: 'Не удалось удалить матч.',

  // Edit.
  editTitle: 'Редактирование матча',
  saved: 'Матч сохранён',
  saveFailed: 'Не удалось сохранить матч.',
  notYours: 'Изменять матч может только его создатель или владелец либо администратор одной из команд.',
  backToMatch: 'К матчу',

  // A team's matches.
  teamTitle: 'Матчи команды',
  teamEmpty: { upcoming: 'У команды нет предстоящих матчей.', past: 'У команды пока нет прошедших матчей.' },
};

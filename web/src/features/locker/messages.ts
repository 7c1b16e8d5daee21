/** Every team's first formation is stored under the spec's name 'default' (its key); users read «Основная». */
export const formationName = (name: string) => (name === 'default' ? 'Основная' : name);

export const lockerMessages = {
  title: 'Раздевалка',
  formation: 'Формация',
  createNew: 'Создать новую формацию',
  newName: (n: number) => `Формация ${n}`,
  created: 'Новая формация создана и установлена как дефолтная',
  createFailed: 'Ошибка при создании новой формации',
  chosen: 'Формация выбрана и сохранена как дефолтная',
  chooseFailed: 'Ошибка при смене формации',
  saved: (name: string) => `Позиция игрока ${name} сохранена`,
  saveFailed: (name: string) => `Ошибка при сохранении позиции ${name}`,
  pitch: 'Футбольное поле',
  bench: 'Скамейка запасных',
  benchEmpty: 'Все игроки на поле.',
  noPlayers: 'В команде пока нет подтверждённых игроков.',
  pickHint: 'Выберите игрока на скамейке и нажмите на поле, чтобы поставить его.',
  remove: 'Убрать',
  membersOnly: 'Раздевалка доступна только игрокам команды.',
  loadFailed: 'Не удалось загрузить раздевалку',
  keyboardHint: 'Стрелки двигают выбранного игрока, Delete убирает его с поля.',
  dragHint: 'Игроков можно и перетаскивать: со скамейки на поле и по полю.',
  tokenKeys: 'Стрелки двигают игрока по полю, Delete возвращает его на скамейку.',
  tokenLabel: (number: number, name: string) => `${number} ${name}`,
  view3d: 'Открыть в 3D',
  title3d: 'Раздевалка 3D',
  webglMissing: 'Ваш браузер не поддерживает 3D-графику (WebGL).',
  sceneFailed: 'Не удалось загрузить 3D-сцену. Обновите страницу.',
  orbitHint: 'Перетаскивайте поле мышью, чтобы вращать его; колесо — приближение.',
  back2d: 'Вернуться к плоской схеме',
  teamChat: 'Чат команды',
  chatLoadFailed: 'Не удалось загрузить чат команды',
  chatMissing: 'У команды пока нет чата: его создаст владелец или администратор команды.',
};

/** What a screen reader hears while a player is dragged: Russian, by the player's name. */
export const dragMessages = {
  instructions:
    'Чтобы взять игрока, нажмите пробел или Enter. Стрелки перемещают его, пробел или Enter ставят его на поле, Esc отменяет перемещение.',
  picked: (name: string) => `Игрок ${name} поднят.`,
  overPitch: (name: string) => `Игрок ${name} над полем.`,
  overBench: (name: string) => `Игрок ${name} над скамейкой запасных.`,
  offPitch: (name: string) => `Игрок ${name} за пределами поля.`,
  placed: (name: string) => `Игрок ${name} поставлен на поле.`,
  moved: (name: string) => `Игрок ${name} перемещён.`,
  benched: (name: string) => `Игрок ${name} возвращён на скамейку.`,
  stayedOnBench: (name: string) => `Игрок ${name} остался на скамейке.`,
  cancelled: (name: string) => `Перемещение отменено, игрок ${name} остался на месте.`,
};

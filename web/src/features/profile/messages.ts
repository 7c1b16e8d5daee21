export const profileMessages = {
  title: 'Профиль',
  signIn: 'Войдите, чтобы видеть и заполнять свой профиль.',
  toLogin: 'Войти',
  displayName: 'Отображаемое имя',
  username: 'Имя пользователя',
  avatar: 'Аватар',
  language: 'Язык',
  location: 'Локация',
  timezone: 'Часовой пояс',
  noLocation: 'Локация не указана',
  notSet: 'Не указан',
  edit: 'Редактировать',
  save: 'Сохранить',
  saving: 'Сохранение…',
  cancel: 'Отмена',
  saved: 'Профиль сохранён',
  saveFailed: 'Не удалось сохранить профиль',
  loadFailed: 'Не удалось загрузить профиль',
  myPlayers: 'Мои игроки',
  noPlayers: 'У вас пока нет игроков.',
  playersLoadFailed: 'Не удалось загрузить ваших игроков',
  loadMore: 'Показать ещё',
  createPlayer: 'Создать игрока',
  // Logged only (the spec shows no avatar failure on the profile).
  avatarFailed: 'Не удалось загрузить аватар',
  avatarSaveFailed: 'Не удалось сохранить аватар',
};

export const LANGUAGES: Array<{ value: string; label: string }> = [
  { value: 'en-US', label: 'English (en-US)' },
  { value: 'ru-RU', label: 'Русский (ru-RU)' },
  { value: 'es-ES', label: 'Español (es-ES)' },
  { value: 'fr-FR', label: 'Français (fr-FR)' },
];

export const TIMEZONES: Array<{ value: string; label: string }> = [
  { value: 'Europe/Moscow', label: 'Москва (Europe/Moscow)' },
  { value: 'Europe/London', label: 'Лондон (Europe/London)' },
  { value: 'America/New_York', label: 'Нью-Йорк (America/New_York)' },
];

// Refusals of bad input name the field by its Russian label, never by the payload's field name: a
// handler or a schema says "embed_url: …", the caller reads "Ссылка на видео: …". Every field of every
// RPC's schema has a label here (a test walks the schemas).

/** @internal */
export const FIELD_LABELS: Record<string, string> = {
  id: 'Идентификатор',
  ids: 'Список идентификаторов',
  before: 'Прочитано до',
  cursor: 'Страница списка',
  limit: 'Размер страницы',
  offset: 'Смещение',
  sort: 'Сортировка',
  sort_by: 'Сортировка',
  sort_order: 'Порядок',
  dir: 'Порядок сортировки',
  only_mine: 'Только мои',
  only_public: 'Только публичные',
  only_active: 'Только активные',
  include_deleted: 'Показывать удалённые',
  query: 'Запрос',
  language: 'Язык поиска',
  // Sign-in.
  email: 'Электронная почта',
  password: 'Пароль',
  code: 'Код',
  state: 'Параметр state',
  redirect_uri: 'Адрес возврата',
  display_name: 'Отображаемое имя',
  username: 'Имя пользователя',
  // Files.
  content: 'Содержимое файла',
  format: 'Формат файла',
  uuid: 'Файл',
  file_id: 'Файл',
  avatar_id: 'Аватар',
  image_url: 'Обложка',
  cover_photo_url: 'Обложка раздела',
  // Players.
  first_name: 'Имя',
  middle_name: 'Отчество',
  last_name: 'Фамилия',
  min_goals: 'Голы (от)',
  max_goals: 'Голы (до)',
  min_matches: 'Матчи (от)',
  max_matches: 'Матчи (до)',
  creator_id: 'Автор',
  creator_ids: 'Авторы',
  player_id: 'Игрок',
  player_ids: 'Игроки',
  user_id: 'Пользователь',
  user_ids: 'Пользователи',
  // Metrics.
  page: 'Страница',
  browser: 'Браузер',
  screen_width: 'Ширина экрана',
  screen_height: 'Высота экрана',
  // Teams and rosters.
  team_id: 'Команда',
  team_ids: 'Команды',
  manager_id: 'Руководитель',
  name: 'Название',
  description: 'Описание',
  team_type: 'Тип команды',
  number: 'Номер',
  field_role: 'Амплуа',
  team_role: 'Роль в команде',
  is_main_squad: 'Основной состав',
  is_confirmed: 'Подтверждение',
  token: 'Ссылка-приглашение',
  expires_in_days: 'Срок действия ссылки (дней)',
  max_uses: 'Число вступлений по ссылке',
  // Locker room (the spec's camelCase fields).
  teamId: 'Команда',
  formationId: 'Формация',
  playerId: 'Игрок',
  isDefault: 'Формация по умолчанию',
  x: 'Положение по горизонтали',
  y: 'Положение по вертикали',
  // Calendars.
  title: 'Название',
  type: 'Тип',
  event_time: 'Время события',
  place: 'Место',
  start_date: 'Начало периода',
  end_date: 'Конец периода',
  time_zone: 'Часовой пояс',
  // Photos and videos.
  section_id: 'Раздел',
  embed_url: 'Ссылка на видео',
  tags: 'Теги',
  tag: 'Тег',
  // News.
  news_id: 'Новость',
  is_public: 'Видимость',
  rating: 'Оценка',
  media_type: 'Тип медиафайла',
  position: 'Позиция',
  // Matches, broadcasts and tournaments.
  match_time: 'Время матча',
  owner_team_id: 'Команда хозяев',
  guest_team_id: 'Команда гостей',
  from_time: 'Начало периода',
  to_time: 'Конец периода',
  period: 'Период',
  start_time: 'Время начала',
  end_time: 'Время окончания',
  start_before: 'Начало до',
  start_after: 'Начало после',
  end_before: 'Окончание до',
  end_after: 'Окончание после',
  tournament_id: 'Турнир',
  tournament_type: 'Тип турнира',
  access: 'Доступ',
  // Results, match events and competitions.
  match_id: 'Матч',
  home_score: 'Голы хозяев',
  guest_score: 'Голы гостей',
  home_penalties: 'Пенальти хозяев',
  guest_penalties: 'Пенальти гостей',
  force: 'Сбросить результаты следующих матчей',
  comment: 'Комментарий',
  minute: 'Минута',
  assist_player_id: 'Голевая передача',
  player_out_id: 'Заменённый игрок',
  round: 'Тур',
  interval_days: 'Интервал между турами (дней)',
  double_round: 'Два круга',
  seeding: 'Посев',
  third_place: 'Матч за третье место',
  // Chat and wallet.
  chat_id: 'Чат',
  chat_ids: 'Чаты',
  message_ids: 'Сообщения',
  direct: 'Личный чат',
  currency: 'Валюта',
  amount: 'Сумма',
  pack_id: 'Пакет коинов',
  method: 'Способ оплаты',
  payment_id: 'Платёж',
  reason: 'Назначение',
  return_path: 'Страница возврата',
  event: 'Событие',
  object: 'Объект уведомления',
  // Attendance, squads, reminders and calendar feeds.
  event_id: 'Событие',
  status: 'Ответ',
  deadline: 'Срок ответа',
  unanswered: 'Напоминать, если я не ответил',
  coming: 'Напоминать перед началом, если я приду',
  url: 'Адрес календаря',
  // Web Push.
  endpoint: 'Адрес подписки',
  keys: 'Ключи подписки',
  p256dh: 'Ключ шифрования',
  auth: 'Секрет подписки',
};

const FIELD_PREFIX = /^([A-Za-z_][A-Za-z0-9_]*)((?:\.[A-Za-z0-9_]+)*): ([\s\S]+)$/;

/**
 * A refusal's message as the caller reads it: a leading "field: " or "field.0.x: " becomes the field's
 * label; an unknown field is left out rather than shown. Other messages are kept as they are.
 */
export function labelled(message: string): string {
  const m = FIELD_PREFIX.exec(message);
  if (!m) return message;
  const label = FIELD_LABELS[m[1]];
  const text = m[3];
  if (!label) return text.charAt(0).toUpperCase() + text.slice(1);
  // "Аватар: ожидался …", but "Файл: UUID …" keeps its capitals.
  return `${label}: ${/^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text}`;
}

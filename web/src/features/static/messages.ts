export const staticMessages = {
  photoTitle: 'Фотогалерея',
  videoTitle: 'Видео и фото',
  videos: 'Видео',
  photos: 'Фото',
  photoCount: (n: number) => `${n} фото`,
  viewerTitle: (n: number, total: number) => `Фото ${n} из ${total}`,
  previous: 'Предыдущее фото',
  next: 'Следующее фото',
  previousShort: '‹ Назад',
  nextShort: 'Вперёд ›',
  soon: 'Скоро',
  /** Around the links: the sample videos cannot be played yet, the teams' videos and the broadcasts can. */
  videosNoteStart: 'Эти записи скоро появятся. А пока смотрите видео на страницах ',
  teams: 'команд',
  videosNoteMiddle: ' и прямые эфиры в ',
  broadcasts: 'трансляциях',
  durationLabel: 'длительность',
};

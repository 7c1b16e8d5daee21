// The sample albums and videos of /photo and /video (the spec's hard-coded content, no server data).
// Each album's pictures are illustrations shipped with the app (public/images/albums/<album>/<n>.svg).

export interface Album {
  id: string;
  title: string;
  date: string;
  /** What each picture shows, in order: its alternative text and caption. */
  pictures: readonly string[];
}

export const ALBUMS: readonly Album[] = [
  { id: 'cup-final', title: 'Финал кубка района', date: 'Май 2025', pictures: ['Атака у ворот', 'Борьба в штрафной', 'Кубок в центре поля', 'Победители с кубком'] },
  { id: 'summer-league', title: 'Летняя лига: 1-й тур', date: 'Июнь 2025', pictures: ['Разминка перед первым матчем', 'Подача углового', 'Второй матч тура', 'Вечерняя игра'] },
  { id: 'veterans', title: 'Тренировка ветеранов', date: 'Июль 2025', pictures: ['Упражнение с фишками', 'Работа с мячом', 'Двусторонняя игра в конце тренировки'] },
  { id: 'kids-cup', title: 'Детский турнир', date: 'Август 2025', pictures: ['Первый матч турнира', 'Удар по воротам', 'Разминка с фишками', 'Награждение'] },
];

export const pictureUrl = (album: Album, i: number) => `/images/albums/${album.id}/${i + 1}.svg`;

export interface SampleVideo {
  title: string;
  duration: string;
  /** A still of the video. */
  still: string;
}

export const VIDEOS: readonly SampleVideo[] = [
  { title: 'Лучшие голы сезона', duration: '12:40', still: '/images/video-stills/1.svg' },
  { title: 'Обзор финала кубка', duration: '8:15', still: '/images/video-stills/2.svg' },
  { title: 'Интервью с капитанами', duration: '15:02', still: '/images/video-stills/3.svg' },
];

// /map: football pitches used by the portal's teams (hard-coded sample list).
import { PageTitle } from '../../../shared/ui/index.tsx';

export const VENUES = [
  { name: 'Стадион «Спартаковец»', address: 'Москва, ул. Спортивная, 1', surface: 'Искусственный газон, 11×11' },
  { name: 'Манеж «Северный»', address: 'Москва, Дмитровское ш., 100', surface: 'Крытый манеж, 8×8' },
  { name: 'Поле школы № 57', address: 'Москва, ул. Школьная, 12', surface: 'Искусственный газон, 6×6' },
];

export function Component() {
  return (
    <section className="page">
      <PageTitle>Карта площадок</PageTitle>
      <ul className="venues">
        {VENUES.map((v) => (
          <li key={v.name}>
            <strong>{v.name}</strong>
            <div>{v.address}</div>
            <div className="muted">{v.surface}</div>
            <a href={`https://yandex.ru/maps/?text=${encodeURIComponent(v.address)}`} target="_blank" rel="noopener noreferrer">Открыть на карте</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

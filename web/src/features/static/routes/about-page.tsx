// /about: who runs the portal and how to reach them (hard-coded, no server data).
import { PageTitle } from '../../../shared/ui/index.tsx';

export const STAFF = [
  { name: 'Алексей Смирнов', role: 'Руководитель проекта' },
  { name: 'Мария Иванова', role: 'Редактор новостей' },
  { name: 'Дмитрий Кузнецов', role: 'Организатор турниров' },
  { name: 'Ольга Соколова', role: 'Поддержка пользователей' },
];

export function Component() {
  return (
    <section className="page">
      <PageTitle>О нас</PageTitle>
      <p>
        «Трибуна» — портал любительского футбола. Мы помогаем командам вести составы и расписание,
        организаторам — проводить турниры, а болельщикам — следить за матчами и трансляциями.
      </p>
      <h2>Команда портала</h2>
      <ul className="staff">
        {STAFF.map((s) => (
          <li key={s.name}>
            <img src="/images/default-avatar.svg" alt="" width={64} height={64} />
            <div>
              <strong>{s.name}</strong>
              <div className="muted">{s.role}</div>
            </div>
          </li>
        ))}
      </ul>
      <h2>Контакты</h2>
      <address className="contacts">
        <p>Электронная почта: <a href="mailto:info@tribuna.local">info@tribuna.local</a></p>
        <p>Телефон: <a href="tel:+74950000000">+7 (495) 000-00-00</a></p>
        <p>Адрес: 101000, г. Москва, ул. Спортивная, д. 1</p>
        <p>Время работы: пн–пт, 10:00–19:00 (МСК)</p>
      </address>
    </section>
  );
}

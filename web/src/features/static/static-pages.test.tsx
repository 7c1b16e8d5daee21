// Pages of hard-coded content: no server data.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render.tsx';
import { Component as AboutPage } from './about-page.tsx';
import { Component as SiteMapPage } from './site-map-page.tsx';

describe('about', () => {
  it('shows the portal\'s staff and contact details', () => {
    renderPage(<AboutPage />, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'О нас' })).toBeInTheDocument();
    for (const name of ['Алексей Смирнов', 'Мария Иванова', 'Дмитрий Кузнецов', 'Ольга Соколова']) {
      expect(screen.getByText(name)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Контакты' })).toBeInTheDocument();
    const contacts = screen.getByRole('group'); // the <address>
    expect(within(contacts).getByRole('link', { name: 'info@tribuna.local' })).toHaveAttribute('href', 'mailto:info@tribuna.local');
    expect(within(contacts).getByRole('link', { name: '+7 (495) 000-00-00' })).toHaveAttribute('href', 'tel:+74950000000');
    expect(within(contacts).getByText('Адрес: 101000, г. Москва, ул. Спортивная, д. 1')).toBeInTheDocument();
    expect(within(contacts).getByText('Время работы: пн–пт, 10:00–19:00 (МСК)')).toBeInTheDocument();
  });
});

describe('site map', () => {
  it('lists the spec\'s addresses', () => {
    renderPage(<SiteMapPage />, '/siteMap');
    expect(screen.getByRole('heading', { level: 1, name: 'Карта сайта' })).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/news',
      '/photos',
      '/videos',
      '/team',
      '/schedule',
      '/lockerRoom',
      '/tournaments',
      '/aboutUs',
      '/siteMap',
      '/joinTeam',
    ]);
  });
});

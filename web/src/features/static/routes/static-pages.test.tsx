// Pages of hard-coded content: no server data.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { Component as AboutPage } from './about-page.tsx';
import { Component as PhotoPage } from './photo-page.tsx';
import { Component as VideoPage } from './video-page.tsx';
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

describe('photo gallery', () => {
  it('opens each album in the viewer with its pictures, and gives the focus back to the album on Escape', async () => {
    const user = userEvent.setup();
    renderPage(<PhotoPage />, '/photo');
    expect(screen.getByRole('heading', { level: 1, name: 'Фотогалерея' })).toBeInTheDocument();
    const albums = screen.getAllByRole('button', { name: /\d фото$/ });
    expect(albums).toHaveLength(4);
    const final = screen.getByRole('button', { name: /^Финал кубка района,\s?Май 2025 · 4 фото$/ });
    expect(final).toHaveTextContent('Май 2025 · 4 фото');
    await user.click(final);
    const viewer = screen.getByRole('dialog', { name: 'Фото 1 из 4' });
    expect(within(viewer).getByRole('img', { name: 'Атака у ворот' })).toHaveAttribute('src', '/images/albums/cup-final/1.svg');
    expect(within(viewer).getByText('Финал кубка района: Атака у ворот')).toBeInTheDocument();
    await user.click(within(viewer).getByRole('button', { name: 'Следующее фото' }));
    expect(within(screen.getByRole('dialog', { name: 'Фото 2 из 4' })).getByRole('img', { name: 'Борьба в штрафной' })).toHaveAttribute('src', '/images/albums/cup-final/2.svg');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(final).toHaveFocus();
  });
});

describe('video and photo gallery', () => {
  it('shows the sample videos as coming, not as links, points to the real ones, and opens its albums', async () => {
    const user = userEvent.setup();
    renderPage(<VideoPage />, '/video');
    const videos = screen.getAllByRole('list')[0];
    expect(within(videos).getByText('Лучшие голы сезона')).toBeInTheDocument();
    expect(within(videos).queryByRole('link')).not.toBeInTheDocument();
    expect(within(videos).queryByRole('button')).not.toBeInTheDocument();
    expect(within(videos).getAllByText('Скоро')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'команд' })).toHaveAttribute('href', '/teams');
    expect(screen.getByRole('link', { name: 'трансляциях' })).toHaveAttribute('href', '/broadcasts');
    await user.click(screen.getByRole('button', { name: /^Летняя лига: 1-й тур,\s?.*4 фото$/ }));
    expect(screen.getByRole('dialog', { name: 'Фото 1 из 4' })).toBeInTheDocument();
  });
});

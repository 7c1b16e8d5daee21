import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { formatNumber } from '../shared/i18n/number.ts';

const getAccount = vi.fn();
vi.mock('../lib/nakama/account.ts', () => ({ getAccount: (...a: unknown[]) => getAccount(...a) }));
const logout = vi.fn();
const snapshot: { status: string; guest: boolean; session?: { expires_at: number } } = { status: 'ready', guest: true };
vi.mock('../lib/nakama/session.ts', () => ({
  sessionManager: { subscribe: () => () => {}, getSnapshot: () => snapshot, logout: (...a: unknown[]) => logout(...a) },
}));

const { RootLayout } = await import('./layout.tsx');
const { COMMUNITY_CHAT_URL } = await import('./messages.ts');

function signIn() {
  snapshot.guest = false;
  snapshot.session = { expires_at: Date.now() / 1000 + 3600 };
}

const hrefs = (nav: HTMLElement) => within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));

beforeEach(() => {
  // ScrollRestoration scrolls, which jsdom does not implement.
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  getAccount.mockReset();
  logout.mockReset();
  logout.mockResolvedValue(undefined);
  snapshot.guest = true;
  snapshot.session = { expires_at: Date.now() / 1000 + 3600 };
  getAccount.mockResolvedValue({ user: { id: 'g', username: 'guest-1' }, wallet: {} });
});

describe('header', () => {
  it('links Главная, news, tournaments, matches, teams and broadcasts', () => {
    renderPage(<RootLayout />);
    const nav = screen.getByRole('navigation', { name: 'Основная навигация' });
    expect(hrefs(nav)).toEqual(['/', '/news', '/tournaments', '/matches', '/teams', '/broadcasts']);
    expect(within(nav).getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Новости' })).toHaveAttribute('href', '/news');
    expect(within(nav).getByRole('link', { name: 'Турниры' })).toHaveAttribute('href', '/tournaments');
    expect(within(nav).getByRole('link', { name: 'Матчи' })).toHaveAttribute('href', '/matches');
    expect(within(nav).getByRole('link', { name: 'Команды' })).toHaveAttribute('href', '/teams');
    expect(within(nav).getByRole('link', { name: 'Трансляции' })).toHaveAttribute('href', '/broadcasts');
  });

  it('has a mobile menu without tournaments', async () => {
    const user = userEvent.setup();
    renderPage(<RootLayout />);
    const toggle = screen.getByRole('button', { name: 'Меню' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Мобильное меню' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Мобильное меню' });
    expect(hrefs(menu)).toEqual(['/', '/news', '/matches', '/teams', '/broadcasts']);
    expect(within(menu).queryByRole('link', { name: 'Турниры' })).not.toBeInTheDocument();
    // Choosing a link closes the menu.
    await user.click(within(menu).getByRole('link', { name: 'Новости' }));
    expect(screen.queryByRole('navigation', { name: 'Мобильное меню' })).not.toBeInTheDocument();
  });

  it('links «Моё расписание» in both menus for signed-in users only', async () => {
    const user = userEvent.setup();
    const visitor = renderPage(<RootLayout />);
    expect(screen.queryByRole('link', { name: 'Моё расписание' })).not.toBeInTheDocument();
    visitor.unmount();
    signIn();
    renderPage(<RootLayout />);
    const nav = screen.getByRole('navigation', { name: 'Основная навигация' });
    expect(hrefs(nav)).toEqual(['/', '/news', '/tournaments', '/matches', '/teams', '/broadcasts', '/schedule']);
    expect(within(nav).getByRole('link', { name: 'Моё расписание' })).toHaveAttribute('href', '/schedule');
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    const menu = screen.getByRole('navigation', { name: 'Мобильное меню' });
    expect(hrefs(menu)).toEqual(['/', '/news', '/matches', '/teams', '/broadcasts', '/schedule']);
  });

  it('shows visitors login, registration and profile buttons, and no wallet or logout', async () => {
    renderPage(<RootLayout />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/registration');
    expect(within(header).getByRole('link', { name: 'Профиль' })).toHaveAttribute('href', '/user/profile');
    expect(within(header).queryByRole('button', { name: 'Выйти' })).not.toBeInTheDocument();
    expect(within(header).queryByText('guest-1')).not.toBeInTheDocument();
    expect(header.querySelector('a[href="/buyCoins"]')).toBeNull();
  });

  it('shows signed-in users the wallet as currency and amount pairs (in Russian), their display name and a logout button', async () => {
    signIn();
    getAccount.mockResolvedValue({ user: { id: 'u-1', username: 'xKqPzRtLmN', display_name: 'Мария Иванова' }, wallet: { COIN: 1500, GEM: 7 } });
    const user = userEvent.setup();
    renderPage(<RootLayout />);
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Мария Иванова' })).toHaveAttribute('href', '/user/profile');
    expect(within(header).getByText('МИ')).toBeInTheDocument();
    expect(within(header).queryByText('xKqPzRtLmN')).not.toBeInTheDocument();
    const wallet = within(header).getByTitle('Купить коины');
    expect(wallet).toHaveAttribute('href', '/buyCoins');
    const pairs = [...wallet.querySelectorAll('.wallet-pair')].map((p) => p.textContent);
    // Currencies are read by their Russian names; a code without one is shown as it is.
    expect(pairs).toEqual([`Коины ${formatNumber(1500)}`, `GEM ${formatNumber(7)}`]);
    expect(wallet.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(within(header).queryByRole('link', { name: 'Войти' })).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Регистрация' })).not.toBeInTheDocument();
    await user.click(within(header).getByRole('button', { name: 'Выйти' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('shows a signed-in user without coins «Коины 0», linking to the shop', async () => {
    signIn();
    getAccount.mockResolvedValue({ user: { id: 'u-1', username: 'xKqPzRtLmN', display_name: 'Мария' }, wallet: {} });
    renderPage(<RootLayout />);
    const wallet = await within(screen.getByRole('banner')).findByTitle('Купить коины');
    expect([...wallet.querySelectorAll('.wallet-pair')].map((p) => p.textContent)).toEqual(['Коины 0']);
    expect(wallet.textContent).not.toMatch(/COIN/);
  });

  it('never shows a random username: an account without a display name reads "Участник"', async () => {
    signIn();
    getAccount.mockResolvedValue({ user: { id: 'u-1', username: 'xKqPzRtLmN' }, wallet: {} });
    renderPage(<RootLayout />);
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Участник' })).toHaveAttribute('href', '/user/profile');
    expect(within(header).queryByText('xKqPzRtLmN')).not.toBeInTheDocument();
  });

  it('closes the mobile menu on Escape, giving the focus back to its button', async () => {
    const user = userEvent.setup();
    renderPage(<RootLayout />);
    const toggle = screen.getByRole('button', { name: 'Меню' });
    await user.click(toggle);
    expect(document.getElementById('mobile-menu')).toBeInTheDocument();
    within(document.getElementById('mobile-menu')!).getAllByRole('link')[1].focus();
    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the mobile menu on a tap outside it, and not on one inside', async () => {
    const user = userEvent.setup();
    renderPage(<RootLayout />);
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    const panel = document.getElementById('mobile-menu')!;
    fireEvent.pointerDown(within(panel).getByRole('navigation'));
    expect(document.getElementById('mobile-menu')).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
    // The button itself toggles it, as before.
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    expect(document.getElementById('mobile-menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
  });

  it('closes the mobile menu after any navigation, back and forward included', async () => {
    const user = userEvent.setup();
    const { router } = renderPage(<RootLayout />, '/news');
    await act(() => router.navigate('/teams'));
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    expect(document.getElementById('mobile-menu')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/news');
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    await act(() => router.navigate(1));
    expect(router.state.location.pathname).toBe('/teams');
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
    // Any other navigation (a redirect, a form that opens its result) closes it as well.
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    await act(() => router.navigate('/tv-schedule'));
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
  });

  it('gives signed-in users the notifications bell, and guests none', async () => {
    const guest = renderPage(<RootLayout />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Войти' })).toBeInTheDocument();
    expect(within(header).queryByRole('button', { name: /^Уведомления/ })).not.toBeInTheDocument();
    expect(header.querySelector('.bell-placeholder')).toBeNull();
    guest.unmount();
    signIn();
    renderPage(<RootLayout />);
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Уведомления' }, { timeout: 10_000 })).toHaveAttribute('aria-expanded', 'false');
  });

  it('puts registration and profile (visitors) or profile and logout (signed in) in the mobile menu', async () => {
    const user = userEvent.setup();
    renderPage(<RootLayout />);
    await user.click(screen.getByRole('button', { name: 'Меню' }));
    const panel = document.getElementById('mobile-menu')!;
    expect(within(panel).getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/registration');
    expect(within(panel).getByRole('link', { name: 'Профиль' })).toHaveAttribute('href', '/user/profile');
  });
});

describe('footer', () => {
  it('links the TV schedule, terms, contacts and the community chat; the shop only for signed-in users', () => {
    renderPage(<RootLayout />);
    const footer = screen.getByRole('navigation', { name: 'Ссылки' });
    expect(within(footer).getByRole('link', { name: 'ТВ-программа' })).toHaveAttribute('href', '/tv-schedule');
    expect(within(footer).getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute('href', '/termsOfUse');
    expect(within(footer).getByRole('link', { name: 'Контакты' })).toHaveAttribute('href', '/about');
    const chat = within(footer).getByRole('link', { name: 'Чат сообщества' });
    expect(chat).toHaveAttribute('href', COMMUNITY_CHAT_URL);
    expect(chat.getAttribute('href')).toMatch(/^https:\/\//);
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(footer).queryByRole('link', { name: 'Купить коины' })).not.toBeInTheDocument();
    expect(hrefs(footer)).toEqual(['/tv-schedule', '/termsOfUse', '/about', COMMUNITY_CHAT_URL]);
  });

  it('adds the coin shop for signed-in users', () => {
    signIn();
    renderPage(<RootLayout />);
    const footer = screen.getByRole('navigation', { name: 'Ссылки' });
    expect(within(footer).getByRole('link', { name: 'Купить коины' })).toHaveAttribute('href', '/buyCoins');
    expect(hrefs(footer)).toEqual(['/tv-schedule', '/buyCoins', '/termsOfUse', '/about', COMMUNITY_CHAT_URL]);
  });
});

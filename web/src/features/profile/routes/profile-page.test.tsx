import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import type { Account } from '../../../lib/nakama/account.ts';
import { ApiError } from '../../../lib/nakama/errors.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const getAccount = vi.fn();
const updateAccount = vi.fn();
vi.mock('../../../lib/nakama/account.ts', () => ({
  getAccount: (...a: unknown[]) => getAccount(...a),
  updateAccount: (...a: unknown[]) => updateAccount(...a),
}));
const snapshot = { status: 'ready', guest: false, session: { expires_at: Date.now() / 1000 + 3600 } };
vi.mock('../../../lib/nakama/session.ts', () => ({
  sessionManager: { subscribe: () => () => {}, getSnapshot: () => snapshot },
}));
const uploadFile = vi.fn();
vi.mock('../../../lib/nakama/upload.ts', () => ({
  uploadFile: (...a: unknown[]) => uploadFile(...a),
  fileUrl: (id: string) => `/uploads/${id}`,
}));
const toWebpBase64 = vi.fn();
vi.mock('../../../shared/lib/image.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/lib/image.ts')>()),
  toWebpBase64: (...a: unknown[]) => toWebpBase64(...a),
}));

const { Component: ProfilePage } = await import('./profile-page.tsx');
const { ImageError } = await import('../../../shared/lib/image.ts');

function account(user: Partial<Account['user']> = {}): Account {
  return { user: { id: 'u-1', username: 'fan', ...user }, wallet: {} };
}

beforeEach(() => {
  rpc.mockReset();
  getAccount.mockReset();
  updateAccount.mockReset();
  uploadFile.mockReset();
  toWebpBase64.mockReset();
  snapshot.guest = false;
  rpc.mockResolvedValue({ players: [] });
  updateAccount.mockResolvedValue(undefined);
});

describe('profile', () => {
  it('asks visitors to sign in', () => {
    getAccount.mockResolvedValue(account());
    snapshot.guest = true;
    renderPage(<ProfilePage />, '/user/profile');
    expect(screen.getByText('Войдите, чтобы видеть и заполнять свой профиль.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login?next=%2Fuser%2Fprofile');
  });

  it('shows the spec\'s texts for empty values and no players, and links player creation', async () => {
    getAccount.mockResolvedValue(account());
    renderPage(<ProfilePage />, '/user/profile');
    expect(await screen.findByText('Локация не указана')).toBeInTheDocument();
    // Language and timezone are empty; an account without a display name is never shown by its username.
    expect(screen.getAllByText('Не указан')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1, name: 'Участник' })).toBeInTheDocument();
    expect(screen.getByText('fan')).toBeInTheDocument();
    expect(await screen.findByText('У вас пока нет игроков.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('list_players', expect.objectContaining({ only_mine: true }));
    expect(screen.getByRole('link', { name: 'Создать игрока' })).toHaveAttribute('href', '/players/create');
  });

  it('shows the filled profile and the user\'s own players', async () => {
    getAccount.mockResolvedValue(
      account({ display_name: 'Иван', lang_tag: 'en-US', location: 'Казань', timezone: 'Europe/London', avatar_url: '/uploads/f-1' }),
    );
    rpc.mockResolvedValue({ players: [{ id: 'p-1', first_name: 'Иван', middle_name: 'Петрович', last_name: 'Сидоров' }] });
    const { container } = renderPage(<ProfilePage />, '/user/profile');
    expect(await screen.findByText('Казань')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Иван' })).toBeInTheDocument();
    // Languages and timezones read in Russian, without their codes.
    expect(screen.getByText('Английский (США)')).toBeInTheDocument();
    expect(screen.getByText('Лондон')).toBeInTheDocument();
    // The avatar is shown once: in its upload field.
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src')).filter((src) => src === '/uploads/f-1')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: /Сидоров Иван Петрович/ })).toHaveAttribute('href', '/players/p-1');
    expect(screen.queryByText('Локация не указана')).not.toBeInTheDocument();
    expect(screen.queryByText('У вас пока нет игроков.')).not.toBeInTheDocument();
  });

  it('edits the profile: fields, the spec\'s languages and timezones, and saving updates the account', async () => {
    getAccount.mockResolvedValue(account({ display_name: 'Иван', lang_tag: 'ru-RU' }));
    const user = userEvent.setup();
    renderPage(<ProfilePage />, '/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Редактировать' }));

    const language = screen.getByLabelText('Язык');
    expect(within(language).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual(['en-US', 'ru-RU', 'es-ES', 'fr-FR']);
    expect(language).toHaveValue('ru-RU');
    expect(within(language).getAllByRole('option').map((o) => o.textContent)).toEqual(['Английский (США)', 'Русский', 'Испанский', 'Французский']);
    const timezone = screen.getByLabelText('Часовой пояс');
    expect(within(timezone).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([
      '',
      'Europe/Moscow',
      'Europe/London',
      'America/New_York',
    ]);
    expect(screen.getByLabelText('Отображаемое имя')).toHaveValue('Иван');

    await user.clear(screen.getByLabelText('Отображаемое имя'));
    await user.type(screen.getByLabelText('Отображаемое имя'), ' Пётр ');
    await user.selectOptions(language, 'fr-FR');
    await user.type(screen.getByLabelText('Локация'), 'Самара');
    await user.selectOptions(timezone, 'America/New_York');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));

    expect(await screen.findByText('Профиль сохранён')).toBeInTheDocument();
    expect(updateAccount).toHaveBeenCalledWith({ display_name: 'Пётр', lang_tag: 'fr-FR', location: 'Самара', timezone: 'America/New_York' });
    expect(screen.getByRole('button', { name: 'Редактировать' })).toBeInTheDocument();
  });

  it('changes the username, and says so next to the field when it is taken', async () => {
    getAccount.mockResolvedValue(account({ display_name: 'Иван' }));
    updateAccount.mockRejectedValueOnce(new ApiError(409, 6, 'Username is already in use.'));
    const user = userEvent.setup();
    renderPage(<ProfilePage />, '/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Редактировать' }));
    const username = screen.getByLabelText('Имя пользователя');
    await user.clear(username);
    await user.type(username, 'ivan_the_keeper');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Это имя пользователя уже занято')).toBeInTheDocument();
    expect(updateAccount).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'ivan_the_keeper', display_name: 'Иван' }));
    await user.clear(username);
    await user.type(username, 'ivan keeper');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Имя пользователя не должно содержать пробелов и быть длиннее 128 символов')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Отображаемое имя'));
    await user.clear(username);
    await user.type(username, 'ivan_1');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Укажите имя, по которому вас узнают')).toBeInTheDocument();
    expect(updateAccount).toHaveBeenCalledTimes(1);
  });

  it('says so when saving fails', async () => {
    getAccount.mockResolvedValue(account());
    updateAccount.mockRejectedValue(new Error('down'));
    const user = userEvent.setup();
    renderPage(<ProfilePage />, '/user/profile');
    await user.click(await screen.findByRole('button', { name: 'Редактировать' }));
    await user.type(screen.getByLabelText('Отображаемое имя'), 'Фанат');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не удалось сохранить профиль')).toBeInTheDocument();
  });

  it('uploads an avatar, shows it, and saves it on the account only when confirmed', async () => {
    getAccount.mockResolvedValue(account());
    toWebpBase64.mockResolvedValue('AAAA');
    uploadFile.mockResolvedValue({ uuid: 'f-2' });
    const user = userEvent.setup();
    renderPage(<ProfilePage />, '/user/profile');
    await user.upload(await screen.findByLabelText('Аватар'), new File(['x'], 'a.png', { type: 'image/png' }));
    await user.click(await screen.findByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(updateAccount).toHaveBeenCalledWith({ avatar_url: '/uploads/f-2' }));
    expect(await screen.findByText('Аватар обновлён')).toBeInTheDocument();
    expect(uploadFile).toHaveBeenCalledWith('AAAA', 'image/webp', expect.any(Function));
  });

  it.each([
    ['a file over 5 MB', 'Файл слишком большой (макс. 5MB)', () => toWebpBase64.mockRejectedValue(new ImageError('Файл слишком большой (макс. 5MB)'))],
    ['a failed upload', 'Не удалось загрузить аватар', () => {
      toWebpBase64.mockResolvedValue('AAAA');
      uploadFile.mockRejectedValue(new Error('File upload failed'));
    }],
  ])('shows avatar failures (%s) and changes nothing', async (_, message, fail) => {
    getAccount.mockResolvedValue(account());
    fail();
    const user = userEvent.setup();
    renderPage(<ProfilePage />, '/user/profile');
    await user.upload(await screen.findByLabelText('Аватар'), new File(['x'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(updateAccount).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const session = vi.hoisted(() => ({ signedIn: true }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => session.signedIn }));

const { Component: CreatePage } = await import('./tournament-create-page.tsx');

const open = () => renderPage(<CreatePage />, '/tournaments/create', '/tournaments/create');
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(0));
};

beforeEach(() => {
  session.signedIn = true;
  rpc.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tournament creation', () => {
  it('requires the title and the start date, and sends nothing without them', async () => {
    const user = userEvent.setup();
    open();
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(screen.getByText('Введите название турнира')).toBeInTheDocument();
    expect(screen.getByText('Укажите дату начала')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('says the tournament is created and opens it after exactly 1 second', async () => {
    vi.useFakeTimers({ now: new Date(2026, 3, 20, 12) });
    rpc.mockResolvedValue({ id: 'tr-9', title: 'Кубок района' });
    const { router } = open();
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: ' Кубок района ' } });
    fireEvent.change(screen.getByLabelText('Дата начала'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('Тип турнира'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Участие'), { target: { value: 'closed' } });
    fireEvent.change(screen.getByLabelText('Описание'), { target: { value: 'Для своих' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await settle();
    expect(rpc).toHaveBeenCalledWith('create_tournament', {
      title: 'Кубок района', description: 'Для своих', image_url: undefined, tournament_type: 1, access: 'closed',
      start_time: expect.stringMatching(/^2026-05-01T00:00:00[+-]\d{2}:\d{2}$/),
    });
    expect(Date.parse(rpc.mock.calls[0][1].start_time)).toBe(new Date(2026, 4, 1).getTime());
    expect(screen.getByText('Турнир "Кубок района" успешно создан.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.pathname).toBe('/tournaments/create');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/tournaments/tr-9');
  });

  it('refuses a start before today before sending it; today is fine', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 4, 2, 9) });
    rpc.mockResolvedValue({ id: 'tr-9', title: 'Кубок' });
    const user = userEvent.setup();
    open();
    const start = screen.getByLabelText('Дата начала');
    expect(start).toHaveAttribute('min', '2026-05-02');
    await user.type(screen.getByLabelText('Название'), 'Кубок');
    fireEvent.change(start, { target: { value: '2026-05-01' } });
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(screen.getByText('Дата начала турнира не может быть раньше сегодняшнего дня.')).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(rpc).not.toHaveBeenCalled();
    fireEvent.change(start, { target: { value: '2026-05-02' } });
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Турнир "Кубок" успешно создан.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('create_tournament', expect.objectContaining({ start_time: expect.stringMatching(/^2026-05-02T00:00:00/) }));
  });

  it('says "Ошибка при создании турнира." on a failure, and the server\'s words on a refusal', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 3, 20, 12) });
    rpc.mockRejectedValueOnce(new Error('offline'));
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Название'), 'Кубок');
    fireEvent.change(screen.getByLabelText('Дата начала'), { target: { value: '2026-05-01' } });
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Ошибка при создании турнира.')).toBeInTheDocument();
    rpc.mockRejectedValueOnce(new ApiError(400, 3, 'Название: не длиннее 200 символов.'));
    await user.click(screen.getByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Название: не длиннее 200 символов.')).toBeInTheDocument();
  });

  it('asks a visitor to sign in', () => {
    session.signedIn = false;
    open();
    expect(screen.getByText('Чтобы создать турнир, войдите или зарегистрируйтесь.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', expect.stringContaining('/login'));
  });
});

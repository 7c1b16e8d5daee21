import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const register = vi.fn();
vi.mock('../../../lib/nakama/account.ts', () => ({ register: (...a: unknown[]) => register(...a) }));

const { Component: RegistrationPage, validateRegistration, registrationError } = await import('./RegistrationPage.tsx');

describe('registration', () => {
  it('validates username, password and e-mail before calling the server', async () => {
    const user = userEvent.setup();
    renderPage(<RegistrationPage />, '/registration');
    await user.type(screen.getByLabelText('Пароль'), 'short');
    await user.type(screen.getByLabelText('Электронная почта'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getByText('Введите имя пользователя')).toBeInTheDocument();
    expect(screen.getByText('Пароль должен содержать не менее 8 символов')).toBeInTheDocument();
    expect(screen.getByText('Некорректный адрес электронной почты')).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
  });

  it('shows a taken username from the server next to the field', async () => {
    register.mockRejectedValueOnce(new ApiError(409, 6, 'Username is already in use.'));
    const user = userEvent.setup();
    renderPage(<RegistrationPage />, '/registration');
    await user.type(screen.getByLabelText('Имя пользователя'), 'ivan');
    await user.type(screen.getByLabelText('Пароль'), 'long enough');
    await user.type(screen.getByLabelText('Электронная почта'), 'ivan@example.com');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Это имя пользователя уже занято')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith('ivan', 'long enough', 'ivan@example.com');
  });

  it('maps server answers to field errors', () => {
    expect(registrationError(new ApiError(409, 6, 'Email is already in use.'))).toEqual({ email: 'Этот адрес электронной почты уже зарегистрирован' });
    expect(registrationError(new ApiError(401, 16, 'Invalid credentials.'))).toEqual({ email: 'Этот адрес электронной почты уже зарегистрирован' });
    expect(registrationError(new ApiError(400, 3, 'Password must be at least 8 characters long.'))).toEqual({ password: 'Пароль должен содержать не менее 8 символов' });
    expect(registrationError(new ApiError(400, 3, 'Invalid email address format.'))).toEqual({ email: 'Некорректный адрес электронной почты' });
    expect(validateRegistration('with space', 'password1', 'a@example.com').username).toBeDefined();
  });
});

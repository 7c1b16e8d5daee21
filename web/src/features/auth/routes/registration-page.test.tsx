import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const register = vi.fn();
vi.mock('../../../lib/nakama/account.ts', () => ({ register: (...a: unknown[]) => register(...a) }));
const requestAuthCode = vi.fn();
const confirmRegistration = vi.fn();
vi.mock('../api/auth-code.ts', () => ({
  requestAuthCode: (...a: unknown[]) => requestAuthCode(...a),
  confirmRegistration: (...a: unknown[]) => confirmRegistration(...a),
}));

const { Component: RegistrationPage, validateRegistration, registrationError } = await import('./registration-page.tsx');

/** Fills the form with Ivan's details and sends it. */
async function submitForm(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(screen.getByLabelText('Имя пользователя'), 'ivan');
  await user.type(screen.getByLabelText('Пароль'), 'long enough');
  await user.type(screen.getByLabelText('Повторите пароль'), 'long enough');
  await user.type(screen.getByLabelText('Электронная почта'), 'ivan@example.com');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
}

beforeEach(() => vi.clearAllMocks());

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
    expect(screen.getByText('Необходимо дать согласие на обработку персональных данных')).toHaveClass('field-error');
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
  });

  it('shows a taken username from the server next to the field', async () => {
    register.mockRejectedValueOnce(new ApiError(409, 6, 'Username is already in use.'));
    const user = userEvent.setup();
    renderPage(<RegistrationPage />, '/registration');
    await submitForm(user);
    expect(await screen.findByText('Это имя пользователя уже занято')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith('ivan', 'long enough', 'ivan@example.com');
  });

  it('needs the personal-data consent, like signing in', async () => {
    const user = userEvent.setup();
    renderPage(<RegistrationPage />, '/registration');
    await user.type(screen.getByLabelText('Имя пользователя'), 'ivan');
    await user.type(screen.getByLabelText('Пароль'), 'long enough');
    await user.type(screen.getByLabelText('Электронная почта'), 'ivan@example.com');
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getByText('Необходимо дать согласие на обработку персональных данных')).toHaveClass('field-error');
    expect(register).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Согласие на обработку персональных данных' })).toHaveAttribute('href', '/dataProcessingConsent');
  });

  it('maps server answers to field errors', () => {
    const taken = 'Этот адрес электронной почты уже зарегистрирован. Если это ваш адрес, войдите по коду из письма.';
    expect(registrationError(new ApiError(409, 6, 'Email is already in use.'))).toEqual({ email: taken });
    expect(registrationError(new ApiError(401, 16, 'Invalid credentials.'))).toEqual({ email: taken });
    expect(registrationError(new ApiError(400, 3, 'Password must be at least 8 characters long.'))).toEqual({ password: 'Пароль должен содержать не менее 8 символов' });
    expect(registrationError(new ApiError(400, 3, 'Invalid email address format.'))).toEqual({ email: 'Некорректный адрес электронной почты' });
    expect(validateRegistration('with space', 'password1', 'a@example.com').username).toBeDefined();
    expect(validateRegistration('ivan', 'password1', 'ivan@example.com', 'password2')).toEqual({ repeat: 'Пароли не совпадают' });
  });

  it('confirms the address with the mailed code before the account counts, then opens the profile', async () => {
    const session = { token: 'new-account' };
    register.mockResolvedValueOnce(session);
    requestAuthCode.mockResolvedValueOnce({ success: true, message: '' });
    confirmRegistration.mockRejectedValueOnce(new ApiError(400, 3, 'Неверный код'));
    confirmRegistration.mockResolvedValueOnce(undefined);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage(<RegistrationPage />, '/registration');
    await submitForm(user);
    expect(await screen.findByText('Мы отправили код на ivan@example.com. Введите его, чтобы завершить регистрацию.')).toBeInTheDocument();
    expect(requestAuthCode).toHaveBeenCalledWith('ivan@example.com', session);
    expect(screen.getByRole('button', { name: 'Подтвердить' })).toBeDisabled();
    await user.type(screen.getByLabelText('Код из письма'), '000000');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Код из письма'));
    await user.type(screen.getByLabelText('Код из письма'), '123456');
    await user.click(screen.getByRole('button', { name: 'Подтвердить' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/user/profile'));
    expect(confirmRegistration).toHaveBeenLastCalledWith(session, 'ivan@example.com', '123456');
    vi.unstubAllGlobals();
  });

  it('offers to send the code again when the first one could not be sent', async () => {
    register.mockResolvedValueOnce({ token: 'new-account' });
    requestAuthCode.mockRejectedValueOnce(new ApiError(429, 8, 'Код уже отправлен. Новый можно запросить через 30 с.'));
    requestAuthCode.mockResolvedValueOnce({ success: true, message: '' });
    const user = userEvent.setup();
    renderPage(<RegistrationPage />, '/registration');
    await submitForm(user);
    expect(await screen.findByText('Код уже отправлен. Новый можно запросить через 30 с.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отправить код ещё раз' }));
    expect(await screen.findByText('Новый код отправлен на вашу почту')).toBeInTheDocument();
  });
});

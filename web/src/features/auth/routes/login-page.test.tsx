import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render.tsx';
import { ApiError } from '../../../lib/nakama/errors.ts';

const rpc = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
const signIn = vi.fn();
const snapshot = { status: 'ready', guest: true };
vi.mock('../../../lib/nakama/session.ts', () => ({
  sessionManager: { signIn: (...a: unknown[]) => signIn(...a), subscribe: () => () => {}, getSnapshot: () => snapshot },
}));

const updateAccount = vi.fn();
vi.mock('../../../lib/nakama/account.ts', () => ({ updateAccount: (...a: unknown[]) => updateAccount(...a) }));

const { Component: LoginPage } = await import('./login-page.tsx');

/** A token the client can read: three base64url parts, the middle one its claims. */
const token = (claims: object) => `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })).replace(/=+$/, '')}.c2ln`;
const tokens = { access_token: token({ uid: 'u1', usn: 'fan' }), refresh_token: token({ uid: 'u1', usn: 'fan' }) };

/** Chooses e-mail and password, fills both, gives consent and submits. */
async function signInWithPassword(answer: () => Promise<unknown>) {
  const user = userEvent.setup();
  renderPage(<LoginPage />, '/login?next=%2Fteams');
  rpc.mockImplementation(async (id: string) => (id === 'login_password' ? answer() : id === 'request_auth_code' ? { success: true } : { enabled: false }));
  await user.click(screen.getByRole('button', { name: 'Электронная почта и пароль' }));
  await user.type(screen.getByLabelText('Электронная почта'), 'fan@example.com');
  await user.type(screen.getByLabelText('Пароль'), 'secret-password');
  const submit = screen.getByRole('button', { name: 'Войти' });
  expect(submit).toBeDisabled();
  await user.click(screen.getByRole('checkbox'));
  await user.click(submit);
  return user;
}

beforeEach(() => {
  rpc.mockReset();
  signIn.mockReset();
  updateAccount.mockReset();
  rpc.mockImplementation(async (id: string) => (id === 'google_auth_url' ? { enabled: false } : {}));
  Object.defineProperty(window, 'location', { value: { ...window.location, assign: vi.fn(), origin: 'http://localhost' }, writable: true });
});

async function toEmailStep() {
  const user = userEvent.setup();
  renderPage(<LoginPage />, '/login');
  await user.click(screen.getByRole('button', { name: 'Код на электронную почту' }));
  return user;
}

/** Asks for a code, then enters `code` while verify_auth_code answers with `verify`. */
async function enterCode(code: string, verify: () => Promise<unknown>) {
  const user = await toEmailStep();
  rpc.mockImplementation(async (id: string) => {
    if (id === 'request_auth_code') return { success: true };
    if (id === 'verify_auth_code') return verify();
    return { enabled: false };
  });
  await user.type(screen.getByLabelText('Электронная почта'), 'fan@example.com');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Получить код' }));
  await user.type(await screen.findByLabelText('Код из письма'), code);
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  return user;
}

describe('login', () => {
  it('keeps "send" disabled until consent is given, and says why', async () => {
    const user = await toEmailStep();
    await user.type(screen.getByLabelText('Электронная почта'), 'fan@example.com');
    const send = screen.getByRole('button', { name: 'Получить код' });
    expect(send).toBeDisabled();
    expect(screen.getByText('Необходимо дать согласие на обработку персональных данных')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox'));
    expect(send).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Согласие на обработку персональных данных' })).toHaveAttribute('href', '/dataProcessingConsent');
    expect(screen.getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute('href', '/termsOfUse');
  });

  it('sends the code, then verifies at most 6 characters and signs in', async () => {
    const user = await toEmailStep();
    rpc.mockImplementation(async (id: string) => {
      if (id === 'request_auth_code') return { success: true, message: 'Код отправлен на вашу почту' };
      if (id === 'verify_auth_code') return { access_token: 'a.b.c', refresh_token: 'd.e.f' };
      return { enabled: false };
    });
    await user.type(screen.getByLabelText('Электронная почта'), 'fan@example.com');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Код отправлен на вашу почту')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('request_auth_code', { email: 'fan@example.com' }, undefined);
    const code = screen.getByLabelText('Код из письма');
    await user.type(code, '123456789');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Успешный вход!')).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith('a.b.c', 'd.e.f');
    expect(window.location.assign).toHaveBeenCalledWith('/');
  });

  it('shows the spec messages for failures', async () => {
    const user = await toEmailStep();
    await user.type(screen.getByLabelText('Электронная почта'), 'fan@example.com');
    await user.click(screen.getByRole('checkbox'));
    rpc.mockImplementation(async (id: string) => (id === 'request_auth_code' ? { success: false } : { enabled: false }));
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Ошибка при отправке кода')).toBeInTheDocument();
    rpc.mockImplementation(async (id: string) => {
      if (id === 'request_auth_code') throw new ApiError(500, 13, 'Internal error');
      return { enabled: false };
    });
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Ошибка сервера при отправке кода')).toBeInTheDocument();
  });

  it('says "Неверный код" when the code is refused, and cancel resets everything', async () => {
    const user = await enterCode('000000', async () => {
      throw new ApiError(400, 3, 'Неверный код');
    });
    expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.getByRole('button', { name: 'Код на электронную почту' })).toBeInTheDocument();
    expect(screen.queryByText('Неверный код')).not.toBeInTheDocument();
  });

  /** Asks for a code for `email` while request_auth_code fails with `failure`. */
  async function requestCodeFailing(email: string, failure: ApiError) {
    const user = await toEmailStep();
    await user.type(screen.getByLabelText('Электронная почта'), email);
    await user.click(screen.getByRole('checkbox'));
    rpc.mockImplementation(async (id: string) => {
      if (id === 'request_auth_code') throw failure;
      return { enabled: false };
    });
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
  }

  it('shows the server\'s message when a code request is rate-limited (429), with its wait time', async () => {
    await requestCodeFailing('fan@example.com', new ApiError(429, 8, 'Код уже отправлен. Новый можно запросить через 42 с.'));
    expect(await screen.findByText('Код уже отправлен. Новый можно запросить через 42 с.')).toBeInTheDocument();
    expect(screen.queryByText('Слишком много попыток. Попробуйте позже.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Электронная почта')).toBeInTheDocument();
  });

  it('shows the server\'s message for refused input when requesting a code (400)', async () => {
    await requestCodeFailing('fan@example', new ApiError(400, 3, 'Введите корректный адрес электронной почты.'));
    expect(await screen.findByText('Введите корректный адрес электронной почты.')).toBeInTheDocument();
  });

  it('disables "send" while the code is being requested', async () => {
    const user = await toEmailStep();
    await user.type(screen.getByLabelText('Электронная почта'), 'fan@example.com');
    await user.click(screen.getByRole('checkbox'));
    let answer!: (v: unknown) => void;
    rpc.mockImplementation((id: string) =>
      id === 'request_auth_code' ? new Promise((resolve) => (answer = resolve)) : Promise.resolve({ enabled: false }),
    );
    await user.click(screen.getByRole('button', { name: 'Получить код' }));
    const sending = await screen.findByRole('button', { name: 'Отправка…' });
    expect(sending).toBeDisabled();
    answer({ success: true });
    expect(await screen.findByText('Код отправлен на вашу почту')).toBeInTheDocument();
  });

  describe('a refused code', () => {
    const verifyWith = (failure: unknown) =>
      enterCode('123456', async () => {
        throw failure;
      });

    it.each([
      ['expired', new ApiError(400, 9, 'Срок действия кода истёк. Запросите новый код.')],
      ['whose attempts are used up', new ApiError(400, 3, 'Неверный код. Попытки исчерпаны — запросите новый код.')],
      ['after too many wrong tries', new ApiError(400, 9, 'Слишком много неверных попыток. Запросите новый код.')],
      ['missing or already used', new ApiError(400, 9, 'Код не найден или уже использован. Запросите новый код.')],
    ])('shows the server\'s message for a code %s', async (_, failure) => {
      await verifyWith(failure);
      expect(await screen.findByText(failure.message)).toBeInTheDocument();
      expect(screen.queryByText('Неверный код')).not.toBeInTheDocument();
      expect(signIn).not.toHaveBeenCalled();
    });

    it('says "Неверный код" when a 400 carries no message of the server', async () => {
      await verifyWith(new ApiError(400, 2, 'Bad Request'));
      expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    });

    it('says "Неверный код" when the answer has no tokens', async () => {
      await enterCode('123456', async () => ({}));
      expect(await screen.findByText('Неверный код')).toBeInTheDocument();
      expect(signIn).not.toHaveBeenCalled();
    });

    it.each([
      ['a server error', new ApiError(500, 13, 'Internal error')],
      ['a refused session (401)', new ApiError(401, 16, 'Auth token invalid')],
      ['a rate limit (429)', new ApiError(429, 8, 'Too many failed login attempts. Try again later.')],
      ['a network failure', new ApiError(0, 14, 'Network request failed')],
      ['a timeout', new ApiError(0, 4, 'Request timed out.')],
      ['an unexpected error', new Error('boom')],
    ])('says "Ошибка при проверке кода" on %s', async (_, failure) => {
      await verifyWith(failure);
      expect(await screen.findByText('Ошибка при проверке кода')).toBeInTheDocument();
      expect(signIn).not.toHaveBeenCalled();
    });
  });

  it('disables Google sign-in when it is not set up', async () => {
    renderPage(<LoginPage />, '/login');
    expect(await screen.findByText('Вход через Google не настроен')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти через Google' })).toBeDisabled();
  });

  it('redirects to Google when it is set up', async () => {
    rpc.mockImplementation(async () => ({ enabled: true, url: 'https://accounts.example/auth?x=1' }));
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login');
    const button = screen.getByRole('button', { name: 'Войти через Google' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(window.location.assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1');
  });
});

describe('login by password', () => {
  it('signs in with e-mail and password and returns to the page the user came from', async () => {
    await signInWithPassword(async () => ({ ...tokens, verified: true, created: false }));
    await vi.waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/teams'));
    expect(signIn).toHaveBeenCalledWith(tokens.access_token, tokens.refresh_token);
    expect(rpc).toHaveBeenCalledWith('login_password', { email: 'fan@example.com', password: 'secret-password' });
  });

  it('shows the one message for an unknown address or a wrong password, and the wait of the limit', async () => {
    await signInWithPassword(async () => {
      throw new ApiError(401, 16, 'Неверный адрес электронной почты или пароль.');
    });
    expect(await screen.findByText('Неверный адрес электронной почты или пароль.')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
    rpc.mockImplementation(async () => {
      throw new ApiError(429, 8, 'Слишком много неудачных попыток входа. Попробуйте через 4 с.');
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Слишком много неудачных попыток входа. Попробуйте через 4 с.')).toBeInTheDocument();
  });

  it('asks for the mailed code before using an account whose address was never proven', async () => {
    await signInWithPassword(async () => ({ ...tokens, verified: false, created: false }));
    expect(await screen.findByRole('heading', { name: 'Подтвердите адрес' })).toBeInTheDocument();
    expect(screen.getByText('Мы отправили код на fan@example.com. Введите его, чтобы завершить регистрацию.')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('request_auth_code', { email: 'fan@example.com' }, expect.objectContaining({ token: tokens.access_token }));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('offers the code instead when the password is forgotten', async () => {
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: 'Электронная почта и пароль' }));
    await user.click(screen.getByRole('button', { name: 'Войдите по коду из письма' }));
    expect(screen.getByRole('button', { name: 'Получить код' })).toBeInTheDocument();
  });
});

describe('the first sign-in by code', () => {
  it('asks for a name, prefilled with the part of the address before @, and saves it', async () => {
    const user = await enterCode('123456', async () => ({ ...tokens, created: true }));
    expect(await screen.findByRole('heading', { name: 'Как вас называть?' })).toBeInTheDocument();
    const name = screen.getByLabelText('Имя');
    expect(name).toHaveValue('fan');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Введите имя или нажмите «Пропустить»')).toBeInTheDocument();
    await user.type(name, 'Мария Иванова');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/'));
    expect(updateAccount).toHaveBeenCalledWith({ display_name: 'Мария Иванова' });
  });

  it('may be skipped, keeping the name the account was given', async () => {
    const user = await enterCode('123456', async () => ({ ...tokens, created: true }));
    await user.click(await screen.findByRole('button', { name: 'Пропустить' }));
    expect(window.location.assign).toHaveBeenCalledWith('/');
    expect(updateAccount).not.toHaveBeenCalled();
  });

  it('is not asked of a returning user', async () => {
    await enterCode('123456', async () => ({ ...tokens, created: false }));
    await vi.waitFor(() => expect(window.location.assign).toHaveBeenCalledWith('/'));
    expect(screen.queryByRole('heading', { name: 'Как вас называть?' })).not.toBeInTheDocument();
  });
});

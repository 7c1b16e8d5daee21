import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatNumber as n } from '../../../shared/i18n/number.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const getAccount = vi.fn();
const session = vi.hoisted(() => ({ authenticated: true }));
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../../../lib/nakama/account.ts', () => ({ getAccount: (...a: unknown[]) => getAccount(...a) }));
vi.mock('../../../stores/session.ts', () => ({ useAuthenticated: () => session.authenticated, useSession: () => ({ status: 'ready' }) }));
vi.mock('../redirect.ts', () => ({ openPaymentPage: vi.fn() }));

const { Component: BuyCoinsPage } = await import('./buy-coins-page.tsx');

const PACKS = [
  { id: 'coins_100', coins: 100, price: 100, currency: 'RUB', saving_percent: 0 },
  { id: 'coins_500', coins: 500, price: 450, currency: 'RUB', saving_percent: 10 },
  { id: 'coins_1000', coins: 1000, price: 800, currency: 'RUB', saving_percent: 20 },
  { id: 'coins_2500', coins: 2500, price: 1800, currency: 'RUB', saving_percent: 28 },
  { id: 'coins_5000', coins: 5000, price: 3500, currency: 'RUB', saving_percent: 30 },
];

type Handler = (payload: Record<string, unknown>) => unknown;
function server(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    list_coin_packs: () => ({ packs: PACKS, methods: ['card', 'yoomoney', 'sbp'], test_mode: true }),
    get_wallet_ledger: () => ({ items: [] }),
    ...overrides,
  };
  rpc.mockImplementation(async (id: string, p: Record<string, unknown>) => handlers[id](p ?? {}));
}

const payment = (status: string, coins = 500) => ({ payment_id: 'p-1', status, pack_id: `coins_${coins}`, coins, price: 450, currency: 'RUB', method: 'card', test_mode: true, create_time: '2025-05-01T10:00:00Z' });

beforeEach(() => {
  session.authenticated = true;
  rpc.mockReset();
  getAccount.mockReset();
  getAccount.mockResolvedValue({ user: { id: 'u-1', username: 'u' }, wallet: {} });
});

const open = (path = '/buyCoins') => renderPage(<BuyCoinsPage />, path, '/buyCoins');

describe('/buyCoins', () => {
  it('shows visitors the five packs with their savings, asks them to sign in and returns them here', async () => {
    session.authenticated = false;
    server();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Купить коины' })).toBeInTheDocument();
    const packs = await screen.findByRole('list', { name: 'Пакеты коинов' });
    const cards = within(packs).getAllByRole('listitem');
    expect(cards.map((c) => [c.querySelector('.pack-coins')!.textContent, c.querySelector('.pack-price')!.textContent])).toEqual([
      [n(100), `${n(100)} ₽`], [n(500), `${n(450)} ₽`], [n(1000), `${n(800)} ₽`], [n(2500), `${n(1800)} ₽`], [n(5000), `${n(3500)} ₽`],
    ]);
    expect(cards.map((c) => c.querySelector('.pack-saving')!.textContent)).toEqual(['\u00a0', 'Выгода 10%', 'Выгода 20%', 'Выгода 28%', 'Выгода 30%']);
    expect(screen.getByText(/Необходимо войти в аккаунт, чтобы купить коины/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login?next=%2FbuyCoins');
    expect(within(packs).getByRole('link', { name: 'Купить 500 коинов за 450 ₽' })).toHaveAttribute('href', '/login?next=%2FbuyCoins');
    expect(screen.getByText('Тестовый режим: деньги не списываются')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'История операций' })).not.toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalledWith('get_wallet_ledger', expect.anything());
  });

  it('tells what to know about coins under the packs', async () => {
    server();
    open();
    const terms = screen.getByRole('region', { name: 'Что нужно знать о коинах' });
    expect(terms).toHaveTextContent('не являются электронными денежными средствами и не обмениваются на деньги');
    expect(terms).toHaveTextContent('только в случаях, предусмотренных законодательством Российской Федерации');
    expect(terms).toHaveTextContent('HTTPS с технологией 3-D Secure');
    expect(terms).toHaveTextContent('сайт команды, премиальные шаблоны, хранилище медиафайлов, расширенная статистика и дополнительные модули');
    expect(within(terms).getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute('href', '/termsOfUse');
  });

  it('buys a pack in test mode: «Обработка...» until the provider confirms, then the new balance, refreshed once', async () => {
    let polls = 0;
    server({
      create_payment: () => ({ payment_id: 'p-1', status: 'pending', test_mode: true }),
      get_payment: () => payment(++polls < 2 ? 'pending' : 'succeeded'),
    });
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('0 коинов')).toBeInTheDocument();
    getAccount.mockResolvedValue({ user: { id: 'u-1', username: 'u' }, wallet: { COIN: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Купить 500 коинов за 450 ₽' }));
    const dialog = screen.getByRole('dialog', { name: 'Оплата' });
    await user.click(within(dialog).getByRole('button', { name: 'Оплатить' }));
    expect(await within(dialog).findByRole('button', { name: 'Обработка...' })).toBeDisabled();
    expect(await screen.findByText('Оплата прошла: на счёт зачислено 500 коинов.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('500 коинов')).toBeInTheDocument();
    expect(getAccount).toHaveBeenCalledTimes(2);
    expect(rpc).toHaveBeenCalledWith('get_payment', { payment_id: 'p-1' });
  });

  it('says «Ошибка при покупке. Попробуйте позже.» when the payment cannot be checked', async () => {
    server({
      create_payment: () => ({ payment_id: 'p-1', status: 'pending', test_mode: true }),
      get_payment: () => Promise.reject(new Error('Network request failed')),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Купить 100 коинов за 100 ₽' }));
    await user.click(screen.getByRole('button', { name: 'Оплатить' }));
    expect(await screen.findByText('Ошибка при покупке. Попробуйте позже.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(getAccount).toHaveBeenCalledTimes(1);
  });

  it('checks the payment the payer comes back with from YooKassa: pending, credited or canceled', async () => {
    let polls = 0;
    server({ get_payment: () => payment(++polls < 2 ? 'pending' : 'succeeded', 1000) });
    const first = open('/buyCoins?payment=p-1');
    expect(await screen.findByText('Проверяем оплату…')).toBeInTheDocument();
    expect(await screen.findByText(/^Оплата прошла: на счёт зачислено 1\s000 коинов\.$/, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('get_payment', { payment_id: 'p-1' });
    first.unmount();
    server({ get_payment: () => payment('canceled') });
    open('/buyCoins?payment=p-1');
    expect(await screen.findByText('Оплата отменена, коины не зачислены.')).toBeInTheDocument();
  });

  it('lists the wallet’s history: purchases, reasons, credits and debits with their dates', async () => {
    server({
      get_wallet_ledger: () => ({
        items: [
          { id: 'l3', changeset: { COIN: -30 }, metadata: { reason: 'Премиальный шаблон' }, create_time: '2025-05-03T09:00:00Z' },
          { id: 'l2', changeset: { COIN: 500 }, metadata: { payment_id: 'p-1', pack_id: 'coins_500', provider: 'test', provider_payment_id: 'p-1' }, create_time: '2025-05-02T09:00:00Z' },
          { id: 'l1', changeset: { COIN: -1 }, metadata: {}, create_time: '2025-05-01T09:00:00Z' },
          { id: 'l0', changeset: { GEM: 7 }, metadata: {}, create_time: '2025-04-30T09:00:00Z' },
        ],
        cursor: 'next',
      }),
    });
    open();
    const history = await screen.findByRole('region', { name: 'История операций' });
    const rows = await within(history).findAllByRole('listitem');
    expect(rows.map((r) => [r.querySelector('.ledger-purpose')!.textContent, r.querySelector('.ledger-amounts')!.textContent])).toEqual([
      ['Премиальный шаблон', '−30 коинов'],
      ['Покупка пакета «500 коинов»', '+500 коинов'],
      ['Списание', '−1 коин'],
      ['Начисление', '+7 GEM'],
    ]);
    expect(rows[1].querySelector('time')).toHaveTextContent(/^2 мая 2025 г., \d\d:00$/);
    expect(within(history).getByRole('button', { name: 'Показать ещё' })).toBeInTheDocument();
  });

  it('says when the history is empty', async () => {
    server();
    open();
    expect(await screen.findByText('Операций пока нет.')).toBeInTheDocument();
  });
});

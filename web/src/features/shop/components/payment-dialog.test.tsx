import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/nakama/errors.ts';
import { renderPage } from '../../../test/render.tsx';

const rpc = vi.fn();
const openPaymentPage = vi.fn();
vi.mock('../../../lib/nakama/rpc.ts', () => ({ rpc: (...a: unknown[]) => rpc(...a) }));
vi.mock('../redirect.ts', () => ({ openPaymentPage: (...a: unknown[]) => openPaymentPage(...a) }));

const { PaymentDialog } = await import('./payment-dialog.tsx');

const PACK = { id: 'coins_500', coins: 500, price: 450, currency: 'RUB' as const, saving_percent: 10 };

function open(props: { testMode?: boolean; confirming?: boolean } = {}) {
  const onStarted = vi.fn();
  const onClose = vi.fn();
  renderPage(<PaymentDialog pack={PACK} testMode={props.testMode ?? true} confirming={props.confirming ?? false} onStarted={onStarted} onClose={onClose} />);
  return { onStarted, onClose, dialog: screen.getByRole('dialog', { name: 'Оплата' }) };
}

beforeEach(() => {
  rpc.mockReset();
  openPaymentPage.mockReset();
});

describe('payment dialog', () => {
  it('offers card (chosen), ЮMoney and СБП for the pack, and says when it is test mode', () => {
    const { dialog } = open();
    expect(within(dialog).getByText('500 коинов')).toBeInTheDocument();
    expect(within(dialog).getByText('450 ₽')).toBeInTheDocument();
    expect(within(dialog).getByText('Тестовый режим: деньги не списываются')).toBeInTheDocument();
    const methods = within(dialog).getByRole('group', { name: 'Способ оплаты' });
    expect(within(methods).getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      'Банковская карта',
      'ЮMoney',
      'СБП (Система быстрых платежей)',
    ]);
    expect(within(methods).getByRole('radio', { name: 'Банковская карта' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Оплатить' })).toBeEnabled();
  });

  it('starts the payment with the chosen method and reads «Обработка...» while it is made and confirmed', async () => {
    let answer!: (v: unknown) => void;
    rpc.mockImplementation(() => new Promise((r) => (answer = r)));
    const user = userEvent.setup();
    const { onStarted, dialog } = open();
    await user.click(within(dialog).getByRole('radio', { name: 'СБП (Система быстрых платежей)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Оплатить' }));
    expect(rpc).toHaveBeenCalledWith('create_payment', { pack_id: 'coins_500', method: 'sbp', return_path: '/buyCoins' });
    const busy = within(dialog).getByRole('button', { name: 'Обработка...' });
    expect(busy).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Банковская карта' })).toBeDisabled();
    answer({ payment_id: 'p-1', status: 'pending', test_mode: true });
    await vi.waitFor(() => expect(onStarted).toHaveBeenCalledWith('p-1'));
    expect(openPaymentPage).not.toHaveBeenCalled();
  });

  it('stays «Обработка...» while the page waits for the confirmation', () => {
    const { dialog } = open({ confirming: true });
    expect(within(dialog).getByRole('button', { name: 'Обработка...' })).toBeDisabled();
  });

  it('sends the payer to YooKassa’s page when the payment has one', async () => {
    rpc.mockResolvedValue({ payment_id: 'p-2', status: 'pending', confirmation_url: 'https://yoomoney.example/checkout/p-2', test_mode: false });
    const user = userEvent.setup();
    const { onStarted, dialog } = open({ testMode: false });
    expect(within(dialog).queryByText('Тестовый режим: деньги не списываются')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Оплата откроется на странице ЮKassa, затем вы вернётесь сюда.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Оплатить' }));
    await vi.waitFor(() => expect(openPaymentPage).toHaveBeenCalledWith('https://yoomoney.example/checkout/p-2'));
    expect(onStarted).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: 'Обработка...' })).toBeDisabled();
  });

  it('says «Ошибка при покупке. Попробуйте позже.» when the payment fails, and the portal’s own refusal as it is', async () => {
    rpc.mockRejectedValueOnce(new ApiError(503, 14, 'Service unavailable'));
    rpc.mockRejectedValueOnce(new ApiError(429, 8, 'Слишком много платежей подряд. Попробуйте через несколько минут.'));
    const user = userEvent.setup();
    const { dialog, onStarted } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Оплатить' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ошибка при покупке. Попробуйте позже.');
    await user.click(within(dialog).getByRole('button', { name: 'Оплатить' }));
    expect(await within(dialog).findByText('Слишком много платежей подряд. Попробуйте через несколько минут.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Оплатить' })).toBeEnabled();
    expect(onStarted).not.toHaveBeenCalled();
  });

  it('closes on «Отмена»', async () => {
    const user = userEvent.setup();
    const { onClose, dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(onClose).toHaveBeenCalled();
  });
});

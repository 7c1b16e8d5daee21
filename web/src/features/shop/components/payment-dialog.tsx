// The payment modal: the pack, the method (card by default, ЮMoney, СБП) and «Оплатить», which reads
// 'Обработка...' while the payment is made and, in test mode, until the provider confirms it. With
// YooKassa the browser goes on to its page.
import { useState, type FormEvent } from 'react';
import type { CoinPack, PaymentMethod } from '@tribuna/portal/types';
import { countOf, formatNumber } from '../../../shared/i18n/number.ts';
import { apiErrorMessage } from '../../../shared/lib/error-message.ts';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { Button, Notice } from '../../../shared/ui/index.tsx';
import { useCreatePayment } from '../api/create-payment.ts';
import { COIN_FORMS, METHOD_LABELS, shopMessages as m } from '../messages.ts';
import { openPaymentPage } from '../redirect.ts';

interface Props {
  pack: CoinPack;
  testMode: boolean;
  /** The payment it started is being confirmed. */
  confirming: boolean;
  /** A test payment was started: the page waits for its confirmation. */
  onStarted(paymentId: string): void;
  onClose(): void;
}

const METHODS = Object.keys(METHOD_LABELS) as PaymentMethod[];

export function PaymentDialog({ pack, testMode, confirming, onStarted, onClose }: Props) {
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [error, setError] = useState<string>();
  const [leaving, setLeaving] = useState(false);
  const create = useCreatePayment();
  const busy = create.isPending || confirming || leaving;

  const pay = (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    create.mutate(
      { pack_id: pack.id, method, return_path: '/buyCoins' },
      {
        onSuccess: (p) => {
          if (p.confirmation_url) {
            setLeaving(true);
            openPaymentPage(p.confirmation_url);
          } else {
            onStarted(p.payment_id);
          }
        },
        onError: (err) => setError(apiErrorMessage(err, m.failed)),
      },
    );
  };

  return (
    <Dialog title={m.dialogTitle} onClose={onClose} className="payment-dialog">
      <form className="stack" onSubmit={pay}>
        <p className="payment-summary">
          <strong>{countOf(pack.coins, COIN_FORMS)}</strong>
          <span>{formatNumber(pack.price)} ₽</span>
        </p>
        {testMode && <Notice kind="info">{m.testMode}</Notice>}
        <fieldset className="payment-methods" disabled={busy}>
          <legend>{m.method}</legend>
          {METHODS.map((id) => (
            <label key={id} className={method === id ? 'payment-method checked' : 'payment-method'}>
              <input type="radio" name="method" value={id} checked={method === id} onChange={() => setMethod(id)} />
              {METHOD_LABELS[id]}
            </label>
          ))}
        </fieldset>
        {!testMode && <p className="muted">{m.redirectNote}</p>}
        {error && <Notice kind="error">{error}</Notice>}
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? m.processing : m.pay}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

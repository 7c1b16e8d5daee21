// The signed-in user's wallet history: each change with its date, what it was for and its amount.
import type { LedgerItem } from '@tribuna/portal/types';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { countOf, formatNumber } from '../../../shared/i18n/number.ts';
import { EmptyState, ErrorState, LoadMore, Spinner } from '../../../shared/ui/index.tsx';
import { useWalletLedger } from '../api/get-wallet-ledger.ts';
import { COIN_FORMS, shopMessages as m } from '../messages.ts';

/** An amount with its sign: +500 коинов, −30 коинов, +7 GEM. */
function signed(currency: string, amount: number): string {
  const sign = amount < 0 ? '−' : '+';
  const n = Math.abs(amount);
  return `${sign}${currency === 'COIN' ? countOf(n, COIN_FORMS) : `${formatNumber(n)} ${currency}`}`;
}

/** What a change was for: a purchase, the reason given with it, or a plain credit or debit. */
function purposeOf(item: LedgerItem): string {
  const coins = item.changeset.COIN ?? 0;
  if (typeof item.metadata.payment_id === 'string') return m.purchase(countOf(coins, COIN_FORMS));
  if (typeof item.metadata.reason === 'string' && item.metadata.reason) return item.metadata.reason;
  return Object.values(item.changeset).some((v) => v < 0) ? m.debit : m.credit;
}

export function WalletLedger() {
  const ledger = useWalletLedger();
  const items = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="stack" aria-labelledby="ledger-title">
      <h2 id="ledger-title" className="section-title">{m.historyTitle}</h2>
      {ledger.isPending ? (
        <Spinner />
      ) : ledger.isError ? (
        <ErrorState onRetry={() => void ledger.refetch()}>{m.historyFailed}</ErrorState>
      ) : !items.length ? (
        <EmptyState>{m.historyEmpty}</EmptyState>
      ) : (
        <ul className="ledger">
          {items.map((item) => (
            <li key={item.id} className="ledger-item">
              <span className="ledger-purpose">{purposeOf(item)}</span>
              <time className="ledger-date" dateTime={item.create_time}>{formatDateTime(item.create_time)}</time>
              <span className="ledger-amounts">
                {Object.entries(item.changeset).map(([currency, amount]) => (
                  <span key={currency} className={amount < 0 ? 'ledger-amount debit' : 'ledger-amount credit'}>{signed(currency, amount)}</span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={ledger}>{m.more}</LoadMore>
    </section>
  );
}

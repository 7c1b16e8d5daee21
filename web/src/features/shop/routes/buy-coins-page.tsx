// /buyCoins: the coin shop. Five packs, the payment modal, the wallet's history, and what to know about
// coins. In test mode the page waits for the provider's confirmation after «Оплатить»; with YooKassa the
// payer comes back here with ?payment=<id>, and the page waits for that payment. A credited payment
// refreshes the account, so the header's wallet shows the new balance (in place of the reload the spec
// describes).
import { useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router/index.tsx';
import type { CoinPack } from '@tribuna/portal/types';
import { useAccount } from '../../../stores/account.ts';
import { useAuthenticated } from '../../../stores/session.ts';
import { countOf } from '../../../shared/i18n/number.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { ErrorState, Notice, PageTitle, Spinner } from '../../../shared/ui/index.tsx';
import { useCoinPacks } from '../api/list-coin-packs.ts';
import { PackList } from '../components/pack-list.tsx';
import { PaymentDialog } from '../components/payment-dialog.tsx';
import { WalletLedger } from '../components/wallet-ledger.tsx';
import { COIN_FORMS, shopMessages as m } from '../messages.ts';
import { usePurchase, type Purchase } from '../use-purchase.ts';
import '../shop.css';

/** A test payment is confirmed 1.5 s after creation: asked for every half second, for up to 30 s. */
const STARTED = { intervalMs: 500, polls: 60 };
/** A payment the payer comes back from: asked for every 2 s, for up to a minute. */
const RETURNED = { intervalMs: 2000, polls: 30 };

function Outcome({ purchase, returned }: { purchase: Purchase; returned: boolean }) {
  switch (purchase.phase) {
    case 'succeeded':
      return <Notice kind="success">{m.credited(countOf(purchase.coins, COIN_FORMS))}</Notice>;
    case 'canceled':
      return <Notice kind="error">{m.canceled}</Notice>;
    case 'timeout':
      return returned ? <Notice kind="info">{m.stillPending}</Notice> : <Notice kind="error">{m.failed}</Notice>;
    case 'failed':
      return <Notice kind="error">{m.failed}</Notice>;
    case 'waiting':
      return returned ? <Spinner label={m.checking} delayMs={0} /> : null;
    default:
      return null;
  }
}

function Balance() {
  const account = useAccount();
  if (!account.data) return null;
  return (
    <p className="shop-balance">
      {m.balance}: <strong>{countOf(account.data.wallet.COIN ?? 0, COIN_FORMS)}</strong>
    </p>
  );
}

function CoinTerms() {
  return (
    <section className="card coin-terms" aria-labelledby="coin-terms-title">
      <h2 id="coin-terms-title" className="section-title">{m.termsTitle}</h2>
      <ul>
        {m.terms.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <Link to="/termsOfUse">{m.termsLink}</Link>
    </section>
  );
}

export function Component() {
  const authenticated = useAuthenticated();
  const packs = useCoinPacks();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<CoinPack>();
  const [startedId, setStartedId] = useState<string>();
  const returnedId = authenticated ? (params.get('payment') ?? undefined) : undefined;
  const returned = !startedId && !!returnedId;
  const poll = returned ? RETURNED : STARTED;
  const purchase = usePurchase(startedId ?? returnedId, poll.intervalMs, poll.polls);
  // The modal stays open until the payment it started is settled, one way or the other.
  const confirming = !!startedId && purchase.phase === 'waiting';
  const open = chosen && (!startedId || confirming);

  return (
    <div className="page shop-page">
      <PageTitle>{m.title}</PageTitle>
      {authenticated && <Balance />}
      {!authenticated && (
        <Notice kind="info">
          {m.loginRequired}. <Link to={withReturn('/login', '/buyCoins')}>{m.login}</Link>
        </Notice>
      )}
      {packs.data?.test_mode && <Notice kind="info">{m.testMode}</Notice>}
      <Outcome purchase={purchase} returned={returned} />
      {packs.isPending ? (
        <Spinner />
      ) : packs.isError ? (
        <ErrorState onRetry={() => void packs.refetch()}>{m.packsFailed}</ErrorState>
      ) : (
        <PackList
          packs={packs.data.packs}
          onBuy={
            authenticated
              ? (p) => {
                  setStartedId(undefined);
                  setChosen(p);
                }
              : undefined
          }
        />
      )}
      <CoinTerms />
      {authenticated && <WalletLedger />}
      {open && (
        <PaymentDialog
          pack={chosen}
          testMode={!!packs.data?.test_mode}
          confirming={confirming}
          onStarted={setStartedId}
          onClose={() => setChosen(undefined)}
        />
      )}
    </div>
  );
}

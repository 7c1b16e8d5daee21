// The five coin packs: coins, price, the saving against the smallest pack, and a buy button (for
// visitors, a link to sign in that returns here).
import type { CoinPack } from '@tribuna/portal/types';
import { Link } from '../../../lib/router/index.tsx';
import { countOf, formatNumber, formatRating, plural } from '../../../shared/i18n/number.ts';
import { withReturn } from '../../../shared/lib/return-to.ts';
import { Button } from '../../../shared/ui/index.tsx';
import { COIN_FORMS, shopMessages as m } from '../messages.ts';

interface Props {
  packs: readonly CoinPack[];
  /** Undefined for visitors: the buttons then lead to sign-in. */
  onBuy?(pack: CoinPack): void;
}

export function PackList({ packs, onBuy }: Props) {
  return (
    <ul className="pack-grid" aria-label={m.packsLabel}>
      {packs.map((p) => {
        const label = `${m.buy} ${countOf(p.coins, COIN_FORMS)} за ${formatNumber(p.price)} ₽`;
        return (
          <li key={p.id} className="pack-card">
            <span className={p.saving_percent > 0 ? 'pack-saving' : 'pack-saving none'}>{p.saving_percent > 0 ? m.saving(p.saving_percent) : '\u00a0'}</span>
            <span className="pack-coins">{formatNumber(p.coins)}</span>
            <span className="pack-unit">{plural(p.coins, COIN_FORMS)}</span>
            <span className="pack-price">{formatNumber(p.price)} ₽</span>
            <span className="pack-per-coin">{m.perCoin(formatRating(p.price / p.coins))}</span>
            {onBuy ? (
              <Button aria-label={label} onClick={() => onBuy(p)}>
                {m.buy}
              </Button>
            ) : (
              <Link className="btn btn-secondary" aria-label={label} to={withReturn('/login', '/buyCoins')}>
                {m.buy}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

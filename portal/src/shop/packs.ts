// The coin packs of the shop (coins for roubles) and the payment methods, as the spec fixes them.
import type { PaymentMethod } from './store.ts';
import type { Amount } from './providers/provider.ts';

export interface CoinPack {
  id: string;
  coins: number;
  /** Whole roubles. */
  price: number;
  currency: 'RUB';
  /** How much cheaper a coin is than in the smallest pack, in whole percent. */
  saving_percent: number;
}

const pack = (coins: number, price: number): CoinPack => ({
  id: `coins_${coins}`,
  coins,
  price,
  currency: 'RUB',
  saving_percent: Math.round((1 - price / coins) * 100),
});

export const PACKS: readonly CoinPack[] = Object.freeze([pack(100, 100), pack(500, 450), pack(1000, 800), pack(2500, 1800), pack(5000, 3500)]);

export const packById = (id: string): CoinPack | undefined => PACKS.find((p) => p.id === id);

export const METHODS: readonly PaymentMethod[] = ['card', 'yoomoney', 'sbp'];

/** A price in whole roubles as providers write amounts: "450.00". */
export const amountOf = (price: number, currency: string): Amount => ({ value: `${price}.00`, currency });

/** An amount's value in kopecks, or undefined when it is not a decimal with at most two places. */
export function kopecksOf(value: string): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : undefined;
}

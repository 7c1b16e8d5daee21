// The shop's query keys: the coin packs, one payment's state, and the wallet's ledger.
export const shopKeys = {
  coinPacks: ['coin-packs'] as const,
  payment: (id: string | undefined) => ['payment', id] as const,
  ledger: ['wallet-ledger'] as const,
};

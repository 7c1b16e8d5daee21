// The `nk` facade's wallet: balances changed by changesets, and the ledger of those changes.
import type { Core } from '../core/index.ts';
import type { LedgerItem, WalletResult } from '../core/wallet.ts';
import type { Queryable } from '../db/index.ts';

export interface NkWalletUpdate {
  userId: string;
  /** Amounts added per currency (whole numbers); negative ones spend. */
  changeset: Record<string, number>;
  /** Kept with the ledger row. */
  metadata?: Record<string, unknown>;
}

/** A user's balances after and before one update. */
export type NkWalletUpdateResult = WalletResult;

export type NkWalletLedgerItem = LedgerItem;

export interface NkWalletLedgerList {
  items: NkWalletLedgerItem[];
  cursor?: string;
}

/** Wallet updates, also offered bound to a transaction (nk.tx). */
export interface NkWalletWrites {
  /**
   * Adds a changeset to a user's balances, atomically: a balance that would fall below zero refuses the
   * update (FailedPrecondition) and nothing changes. With updateLedger (the default) a ledger row keeps
   * the changeset and metadata.
   */
  walletUpdate(userId: string, changeset: Record<string, number>, metadata?: Record<string, unknown>, updateLedger?: boolean): Promise<NkWalletUpdateResult>;
  /** Several updates (several may name one user, applied in order) in one transaction: all or none. */
  walletsUpdate(updates: NkWalletUpdate[], updateLedger?: boolean): Promise<NkWalletUpdateResult[]>;
}

export interface NkWallet extends NkWalletWrites {
  /** A user's ledger, newest first; limit 1-100 (default 100). */
  walletLedgerList(userId: string, limit?: number, cursor?: string): Promise<NkWalletLedgerList>;
  /** Merges metadata into a ledger row's (top-level keys replaced) and returns the row. */
  walletLedgerUpdate(id: string, metadata: Record<string, unknown>): Promise<NkWalletLedgerItem>;
}

/** The wallet writes, in q's transaction when given. */
export function walletWrites(core: Core, q?: Queryable): NkWalletWrites {
  return {
    async walletUpdate(userId, changeset, metadata, updateLedger = true) {
      return (await core.wallets.update([{ userId, changeset, metadata }], updateLedger, q))[0];
    },
    walletsUpdate: (updates, updateLedger = true) => core.wallets.update(updates, updateLedger, q),
  };
}

export function walletNk(core: Core): NkWallet {
  return {
    ...walletWrites(core),
    async walletLedgerList(userId, limit = 100, cursor) {
      const page = await core.wallets.ledgerList(userId, limit, cursor || undefined);
      const out: NkWalletLedgerList = { items: page.items };
      if (page.cursor) out.cursor = page.cursor;
      return out;
    },
    walletLedgerUpdate: (id, metadata) => core.wallets.ledgerUpdate(id, metadata),
  };
}

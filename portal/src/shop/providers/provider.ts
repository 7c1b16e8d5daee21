// What the shop needs of a payment provider, one file per provider behind it: create a payment, read a
// payment back from the provider itself (never from a notification's copy), and tell the shop when one
// of its payments may have changed. SHOP_PROVIDER (module settings) chooses the provider.
import type { PaymentMethod, ProviderName } from '../store.ts';

/** An amount as providers write it: "450.00" in a currency. */
export interface Amount {
  value: string;
  currency: string;
}

/** A payment as the provider has it. */
export interface ProviderPayment {
  /** The provider's id of the payment. */
  id: string;
  /** YooKassa's statuses; waiting_for_capture does not occur with capture: true and counts as pending. */
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: Amount;
  /** What the shop sent with it: {payment_id}. */
  metadata: Record<string, unknown>;
  /** Where the user confirms it (YooKassa's redirect page). */
  confirmationUrl?: string;
}

interface NewPayment {
  /** The shop's payment id, sent as its metadata and the idempotency key. */
  paymentId: string;
  amount: Amount;
  method: PaymentMethod;
  description: string;
  /** Where the provider sends the user back. */
  returnUrl: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Payments are simulated and no money moves. */
  readonly testMode: boolean;
  /** Creates the payment with the provider; the same paymentId again gives the same payment. Unavailable when the provider cannot be reached. */
  create(p: NewPayment): Promise<ProviderPayment>;
  /** The payment as the provider has it now; undefined when the provider does not know it. Unavailable when it cannot be reached. */
  fetch(providerPaymentId: string): Promise<ProviderPayment | undefined>;
  /** Picks up what the provider was doing when the server stopped (the test provider's confirmations). */
  start(): Promise<void>;
  /** Stops what the provider runs on its own, waiting for what is under way. */
  stop(): Promise<void>;
}

/** Called when a payment may have changed at the provider: the shop reads it back with fetch. */
export type Notify = (providerPaymentId: string) => Promise<void>;

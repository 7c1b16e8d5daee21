// The `nk` facade's in-app purchases and subscriptions, as upstream's runtime names them: a module
// validates on a user's behalf (no per-user limit: that is the REST routes'), lists and looks up.
import type { Core } from '../core/index.ts';
import { subscriptionActive, type PurchaseRecord, type SubscriptionRecord } from '../encode.ts';
import { invalid } from '../errors.ts';
import { isUuid } from '../tokens.ts';

export type NkValidatedPurchase = PurchaseRecord;
export type NkValidatedSubscription = SubscriptionRecord & { active: boolean };

export interface NkPurchaseList {
  validatedPurchases: NkValidatedPurchase[];
  cursor?: string;
}

export interface NkSubscriptionList {
  validatedSubscriptions: NkValidatedSubscription[];
  cursor?: string;
}

export interface NkPurchases {
  /** Validates an Apple receipt for the user; its one-time purchases, stored unless persist is false. */
  purchaseValidateApple(userId: string, receipt: string, persist?: boolean): Promise<NkValidatedPurchase[]>;
  /** Validates a Google Play purchase (its JSON, or Unity's receipt holding it). */
  purchaseValidateGoogle(userId: string, purchase: string, persist?: boolean): Promise<NkValidatedPurchase[]>;
  /** Validates Huawei purchase data with its signature. */
  purchaseValidateHuawei(userId: string, purchase: string, signature: string, persist?: boolean): Promise<NkValidatedPurchase[]>;
  /** Validates a Facebook Instant Games signed request. */
  purchaseValidateFacebookInstant(userId: string, signedRequest: string, persist?: boolean): Promise<NkValidatedPurchase[]>;
  /** A user's purchases (every user's when userId is empty), newest first; limit 1-1000 (default 100). */
  purchasesList(userId?: string | null, limit?: number, cursor?: string): Promise<NkPurchaseList>;
  /** A stored purchase by its transaction id, whoever made it; undefined when none. */
  purchaseGetByTransactionId(transactionId: string): Promise<NkValidatedPurchase | undefined>;
  subscriptionValidateApple(userId: string, receipt: string, persist?: boolean): Promise<NkValidatedSubscription>;
  subscriptionValidateGoogle(userId: string, receipt: string, persist?: boolean): Promise<NkValidatedSubscription>;
  /** A user's subscriptions (every user's when userId is empty), newest first; limit 1-1000 (default 100). */
  subscriptionsList(userId?: string | null, limit?: number, cursor?: string): Promise<NkSubscriptionList>;
  /** The user's subscription to a product (the one that expires last); NotFound when none. */
  subscriptionGetByProductId(userId: string, productId: string): Promise<NkValidatedSubscription>;
}

function user(id: string): string {
  if (!isUuid(id)) throw invalid('Invalid user id.');
  return id;
}

const owner = (id: string | null | undefined): string | null => (id ? user(id) : null);

const withActive = (s: SubscriptionRecord): NkValidatedSubscription => ({ ...s, active: subscriptionActive(s) });

export function purchaseNk(core: Core): NkPurchases {
  const { purchases } = core;
  return {
    purchaseValidateApple: (userId, receipt, persist = true) => purchases.validateApple(user(userId), receipt, persist),
    purchaseValidateGoogle: (userId, purchase, persist = true) => purchases.validateGoogle(user(userId), purchase, persist),
    purchaseValidateHuawei: (userId, purchase, signature, persist = true) => purchases.validateHuawei(user(userId), purchase, signature, persist),
    purchaseValidateFacebookInstant: (userId, signedRequest, persist = true) =>
      purchases.validateFacebookInstant(user(userId), signedRequest, persist),
    async purchasesList(userId, limit = 100, cursor) {
      const page = await purchases.list(owner(userId), limit, cursor || undefined);
      return { validatedPurchases: page.purchases, cursor: page.cursor };
    },
    purchaseGetByTransactionId: (transactionId) => purchases.byTransactionId(transactionId),
    subscriptionValidateApple: async (userId, receipt, persist = true) =>
      withActive(await purchases.validateSubscriptionApple(user(userId), receipt, persist)),
    subscriptionValidateGoogle: async (userId, receipt, persist = true) =>
      withActive(await purchases.validateSubscriptionGoogle(user(userId), receipt, persist)),
    async subscriptionsList(userId, limit = 100, cursor) {
      const page = await purchases.listSubscriptions(owner(userId), limit, cursor || undefined);
      return { validatedSubscriptions: page.subscriptions.map(withActive), cursor: page.cursor };
    },
    subscriptionGetByProductId: async (userId, productId) => withActive(await purchases.subscriptionByProduct(user(userId), productId)),
  };
}

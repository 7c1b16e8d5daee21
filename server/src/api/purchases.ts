// In-app purchases and subscriptions (/v2/iap/...): validate a receipt with its store, list the
// caller's own, look up a subscription by product. Each validation counts toward the caller's limit.
import type { Core } from '../core/index.ts';
import { put, validatedPurchaseMsg, validatedSubscriptionMsg, type Msg, type PurchaseRecord, type SubscriptionRecord } from '../encode.ts';
import type { Fields } from '../input.ts';
import type { ApiRequest, Route } from '../http/routes.ts';

const purchasesMsg = (records: PurchaseRecord[]): Msg => {
  const out: Msg = {};
  put(out, 'validated_purchases', records.map(validatedPurchaseMsg));
  return out;
};

const subscriptionMsg = (record: SubscriptionRecord): Msg => ({ validated_subscription: validatedSubscriptionMsg(record) });

export function purchaseRoutes(core: Core): Route[] {
  const { purchases } = core;

  /** Reads the body, counts the validation, and runs it: persist is a BoolValue, true when absent. */
  const validate = <T>(run: (uid: string, body: Fields, persist: boolean) => Promise<T>, encode: (r: T) => Msg) =>
    async (req: ApiRequest): Promise<Msg> => {
      const body = req.body();
      const persist = body.bool('persist') ?? true;
      await purchases.admit(req.session.uid);
      return encode(await run(req.session.uid, body, persist));
    };

  const listSubscriptions = async (uid: string, limit: number | undefined, cursor: string | undefined): Promise<Msg> => {
    const page = await purchases.listSubscriptions(uid, limit ?? 100, cursor || undefined);
    const out: Msg = {};
    put(out, 'validated_subscriptions', page.subscriptions.map((s) => validatedSubscriptionMsg(s)));
    put(out, 'cursor', page.cursor);
    return out;
  };

  return [
    {
      method: 'POST',
      path: '/v2/iap/purchase/apple',
      auth: 'bearer',
      handler: validate((uid, b, persist) => purchases.validateApple(uid, b.string('receipt') ?? '', persist), purchasesMsg),
    },
    {
      method: 'POST',
      path: '/v2/iap/purchase/google',
      auth: 'bearer',
      handler: validate((uid, b, persist) => purchases.validateGoogle(uid, b.string('purchase') ?? '', persist), purchasesMsg),
    },
    {
      method: 'POST',
      path: '/v2/iap/purchase/huawei',
      auth: 'bearer',
      handler: validate(
        (uid, b, persist) => purchases.validateHuawei(uid, b.string('purchase') ?? '', b.string('signature') ?? '', persist),
        purchasesMsg,
      ),
    },
    {
      method: 'POST',
      path: '/v2/iap/purchase/facebookinstant',
      auth: 'bearer',
      handler: validate((uid, b, persist) => purchases.validateFacebookInstant(uid, b.string('signed_request') ?? '', persist), purchasesMsg),
    },
    {
      method: 'GET',
      path: '/v2/iap/purchase',
      auth: 'bearer',
      async handler(req) {
        const page = await purchases.list(req.session.uid, req.query.int('limit') ?? 100, req.query.string('cursor') || undefined);
        const out: Msg = {};
        put(out, 'validated_purchases', page.purchases.map(validatedPurchaseMsg));
        put(out, 'cursor', page.cursor);
        return out;
      },
    },
    {
      method: 'POST',
      path: '/v2/iap/subscription/apple',
      auth: 'bearer',
      handler: validate((uid, b, persist) => purchases.validateSubscriptionApple(uid, b.string('receipt') ?? '', persist), subscriptionMsg),
    },
    {
      method: 'POST',
      path: '/v2/iap/subscription/google',
      auth: 'bearer',
      handler: validate((uid, b, persist) => purchases.validateSubscriptionGoogle(uid, b.string('receipt') ?? '', persist), subscriptionMsg),
    },
    // The client lists with POST and a body (upstream's route); GET with the same as query parameters.
    {
      method: 'POST',
      path: '/v2/iap/subscription',
      auth: 'bearer',
      handler(req) {
        const b = req.body();
        return listSubscriptions(req.session.uid, b.int('limit'), b.string('cursor'));
      },
    },
    {
      method: 'GET',
      path: '/v2/iap/subscription',
      auth: 'bearer',
      handler: (req) => listSubscriptions(req.session.uid, req.query.int('limit'), req.query.string('cursor')),
    },
    {
      method: 'GET',
      path: '/v2/iap/subscription/{productId}',
      auth: 'bearer',
      async handler(req) {
        return validatedSubscriptionMsg(await purchases.subscriptionByProduct(req.session.uid, req.params.productId));
      },
    },
  ];
}

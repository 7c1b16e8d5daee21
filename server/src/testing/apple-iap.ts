// A loopback stand-in for Apple's verifyReceipt: production and sandbox endpoints that answer receipts
// registered here as Apple does, a sandbox receipt sent to production with status 21007, a wrong
// shared secret with 21004 and an unknown receipt with 21002.
import { sendJson, startLoopback } from './loopback.ts';

export interface AppleReceiptItem {
  product_id: string;
  transaction_id: string;
  original_transaction_id?: string;
  purchase_date_ms: string;
  expires_date_ms?: string;
  cancellation_date_ms?: string;
}

export interface AppleReceipt {
  sandbox?: boolean;
  in_app: AppleReceiptItem[];
  latest_receipt_info?: AppleReceiptItem[];
}

export interface TestAppleIap {
  /** For APPLE_IAP_PRODUCTION_URL. */
  productionUrl: string;
  /** For APPLE_IAP_SANDBOX_URL. */
  sandboxUrl: string;
  /** Registers a receipt: the base64 text a client would send. */
  addReceipt(receipt: AppleReceipt): string;
  /** Requests each endpoint received. */
  calls: { production: number; sandbox: number };
  close(): Promise<void>;
}

export async function startAppleIap(sharedPassword: string): Promise<TestAppleIap> {
  const receipts = new Map<string, AppleReceipt>();
  const calls = { production: 0, sandbox: 0 };
  let n = 0;
  const server = await startLoopback((req, text, res) => {
    const sandbox = req.url === '/sandbox/verifyReceipt';
    if (req.method !== 'POST' || (!sandbox && req.url !== '/verifyReceipt')) return sendJson(res, 404, {});
    calls[sandbox ? 'sandbox' : 'production']++;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return sendJson(res, 200, { status: 21000 });
    }
    const receipt = typeof body['receipt-data'] === 'string' ? receipts.get(body['receipt-data']) : undefined;
    if (!receipt) return sendJson(res, 200, { status: 21002 });
    if (body.password !== sharedPassword) return sendJson(res, 200, { status: 21004 });
    if (Boolean(receipt.sandbox) !== sandbox) return sendJson(res, 200, { status: receipt.sandbox ? 21007 : 21008 });
    sendJson(res, 200, {
      status: 0,
      environment: sandbox ? 'Sandbox' : 'Production',
      receipt: { bundle_id: 'com.tribuna.test', in_app: receipt.in_app },
      ...(receipt.latest_receipt_info ? { latest_receipt_info: receipt.latest_receipt_info } : {}),
    });
  });
  return {
    productionUrl: `${server.url}/verifyReceipt`,
    sandboxUrl: `${server.url}/sandbox/verifyReceipt`,
    addReceipt(receipt) {
      const data = Buffer.from(`receipt-${++n}-${Math.random()}`).toString('base64');
      receipts.set(data, receipt);
      return data;
    },
    calls,
    close: () => server.close(),
  };
}

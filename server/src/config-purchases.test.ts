import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from './config.ts';

const refused = (env: Record<string, string>, variable: string) =>
  assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && e.variable === variable);

const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const DER = rsa.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

describe('purchase configuration', () => {
  it('has every store off by default, with the real stores\' endpoints', () => {
    const p = loadConfig({}).purchases;
    assert.equal(p.apple, undefined);
    assert.equal(p.google, undefined);
    assert.equal(p.huawei, undefined);
    assert.equal(p.facebookInstant, undefined);
    assert.equal(p.timeoutMs, 10_000);
    assert.equal(p.validationsPerUserMinute, 30);
    const on = loadConfig({
      APPLE_IAP_SHARED_PASSWORD: 'secret',
      GOOGLE_IAP_CLIENT_EMAIL: 'a@b.iam.gserviceaccount.com',
      GOOGLE_IAP_PRIVATE_KEY: PEM.replace(/\n/g, '\\n'),
      HUAWEI_IAP_CLIENT_ID: '1',
      HUAWEI_IAP_CLIENT_SECRET: '2',
      HUAWEI_IAP_PUBLIC_KEY: DER,
    }).purchases;
    assert.equal(on.apple?.productionUrl, 'https://buy.itunes.apple.com/verifyReceipt');
    assert.equal(on.apple?.sandboxUrl, 'https://sandbox.itunes.apple.com/verifyReceipt');
    assert.equal(on.google?.tokenUrl, 'https://oauth2.googleapis.com/token');
    assert.equal(on.google?.apiUrl, 'https://androidpublisher.googleapis.com');
    assert.equal(on.google?.privateKey, PEM, 'escaped newlines restored');
    assert.equal(on.huawei?.verifyUrl, 'https://orders-drcn.iap.hicloud.com/applications/purchases/tokens/verify');
  });

  it('refuses half-set stores, bad keys and bad endpoints by name', () => {
    refused({ GOOGLE_IAP_CLIENT_EMAIL: 'a@b.c' }, 'GOOGLE_IAP_PRIVATE_KEY');
    refused({ GOOGLE_IAP_PRIVATE_KEY: PEM }, 'GOOGLE_IAP_CLIENT_EMAIL');
    refused({ GOOGLE_IAP_CLIENT_EMAIL: 'a@b.c', GOOGLE_IAP_PRIVATE_KEY: 'not a key' }, 'GOOGLE_IAP_PRIVATE_KEY');
    refused({ HUAWEI_IAP_CLIENT_ID: '1', HUAWEI_IAP_CLIENT_SECRET: '2' }, 'HUAWEI_IAP_PUBLIC_KEY');
    refused({ HUAWEI_IAP_CLIENT_ID: '1', HUAWEI_IAP_CLIENT_SECRET: '2', HUAWEI_IAP_PUBLIC_KEY: 'bm9wZQ==' }, 'HUAWEI_IAP_PUBLIC_KEY');
    refused({ HUAWEI_IAP_PUBLIC_KEY: DER }, 'HUAWEI_IAP_CLIENT_ID');
    refused({ APPLE_IAP_PRODUCTION_URL: 'ftp://x' }, 'APPLE_IAP_PRODUCTION_URL');
    refused({ IAP_TIMEOUT_MS: '5' }, 'IAP_TIMEOUT_MS');
    refused({ LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE: '0' }, 'LIMIT_PURCHASE_VALIDATIONS_PER_USER_MINUTE');
  });
});

// A push service on loopback for tests, speaking what a browser's push service (FCM, Mozilla autopush)
// takes: POST to a subscription's endpoint with `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292),
// whose ES256 signature, audience and expiry it checks, and a body encrypted as `aes128gcm` (RFC 8291,
// RFC 8188), which it decrypts with the device's keys. Also the device's side: a subscription's key pair.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface ReceivedPush {
  device: string;
  payload: Record<string, unknown>;
  vapidSubject: string;
  ttl: number;
}

interface DeviceKeys {
  ecdh: crypto.ECDH;
  auth: Buffer;
}

const b64u = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** The JWT's ES256 signature checked with the key the request names (an uncompressed P-256 point). */
function verifyVapid(header: string, audience: string): { subject: string; key: string } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  assert.ok(m, `an RFC 8292 Authorization header, got "${header}"`);
  const [head, body, sig] = m[1].split('.');
  const point = Buffer.from(m[2], 'base64url');
  assert.equal(point.length, 65);
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  assert.equal(JSON.parse(Buffer.from(head, 'base64url').toString()).alg, 'ES256');
  const ok = crypto.verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'));
  assert.ok(ok, 'the VAPID signature verifies');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  assert.equal(claims.aud, audience);
  assert.ok(claims.exp > Date.now() / 1000 && claims.exp <= Date.now() / 1000 + 86_400, 'exp within 24 hours');
  return { subject: claims.sub, key: m[2] };
}

/** RFC 8291: the record's key and nonce from the ECDH secret with the sender's key, then AES-128-GCM. */
function decrypt(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(device.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2);
  assert.ok(end >= 0, 'the last record ends with the delimiter 0x02');
  return plain.subarray(0, end).toString('utf8');
}

export interface TestPushService {
  origin: string;
  received: ReceivedPush[];
  /** A new browser subscription on this service. */
  device(): TestDevice;
  /** What the service answers a device's next posts (a status each, in order; then 201). */
  answer(device: TestDevice, ...statuses: number[]): void;
  /** Posts that came to a device, whatever was answered. */
  posts(device: TestDevice): number;
  close(): Promise<void>;
}

export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, DeviceKeys>();
  const answers = new Map<string, number[]>();
  const postCount = new Map<string, number>();
  const received: ReceivedPush[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      postCount.set(id, (postCount.get(id) ?? 0) + 1);
      const keys = devices.get(id);
      const queued = answers.get(id)?.shift();
      try {
        if (req.method !== 'POST' || !keys) throw Object.assign(new Error('no such subscription'), { status: 404 });
        if (queued !== undefined) throw Object.assign(new Error('as told'), { status: queued });
        assert.equal(req.headers['content-encoding'], 'aes128gcm');
        const vapid = verifyVapid(String(req.headers.authorization ?? ''), origin);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), keys)) as Record<string, unknown>;
        received.push({ device: id, payload, vapidSubject: vapid.subject, ttl: Number(req.headers.ttl) });
        res.writeHead(201, { location: `${origin}/message/${crypto.randomUUID()}` }).end();
      } catch (err) {
        const status = (err as { status?: number }).status ?? 400;
        res.writeHead(status, { 'content-type': 'text/plain' }).end(String((err as Error).message));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    device() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(id, { ecdh, auth });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } };
    },
    answer(device, ...statuses) {
      const id = device.endpoint.slice(device.endpoint.lastIndexOf('/') + 1);
      answers.set(id, [...(answers.get(id) ?? []), ...statuses]);
    },
    posts: (device) => postCount.get(device.endpoint.slice(device.endpoint.lastIndexOf('/') + 1)) ?? 0,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

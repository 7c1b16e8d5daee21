// Game Center: the device signs playerId + bundleId + timestamp (8 bytes, big-endian) + salt with the
// player's key; the certificate of that key is fetched from public_key_url, which must be on an allowed
// host (apple.com), over https. The signature is RSA-SHA256. Certificates are cached by address.
import crypto from 'node:crypto';
import type { GameCenterConfig, SignInConfig } from '../config.ts';
import { unauthenticated } from '../errors.ts';
import type { Logger } from '../log.ts';
import { providerGet } from './sign-in-http.ts';
import type { Identity } from './providers.ts';

const REFUSAL = 'Could not authenticate GameCenter profile.';
const MAX_CACHED = 32;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface GameCenterProof {
  playerId: string;
  bundleId: string;
  /** The device's timestamp as it was signed (a uint64; Apple sends milliseconds). */
  timestamp: string;
  salt: string;
  signature: string;
  publicKeyUrl: string;
}

export class GameCenter {
  private readonly config: GameCenterConfig;
  private readonly signIn: SignInConfig;
  private readonly production: boolean;
  private readonly logger: Logger;
  private readonly certs = new Map<string, { key: Promise<crypto.KeyObject>; at: number }>();

  constructor(config: GameCenterConfig, signIn: SignInConfig, production: boolean, logger: Logger) {
    this.config = config;
    this.signIn = signIn;
    this.production = production;
    this.logger = logger;
  }

  async verify(p: GameCenterProof): Promise<Identity> {
    const ok = (v: unknown, max: number) => typeof v === 'string' && v !== '' && v.length <= max;
    if (!ok(p.playerId, 128) || !ok(p.bundleId, 255) || !ok(p.salt, 1024) || !ok(p.signature, 4096) || !ok(p.publicKeyUrl, 2048)) {
      throw unauthenticated(REFUSAL);
    }
    if (!/^\d{1,20}$/.test(String(p.timestamp)) || BigInt(p.timestamp) >= 2n ** 64n) throw unauthenticated(REFUSAL);
    if (!this.config.bundleIds.includes(p.bundleId)) throw unauthenticated(REFUSAL);
    const url = this.keyUrl(p.publicKeyUrl);
    const key = await this.key(url);
    const ts = Buffer.alloc(8);
    ts.writeBigUInt64BE(BigInt(p.timestamp));
    const data = Buffer.concat([Buffer.from(p.playerId, 'utf8'), Buffer.from(p.bundleId, 'utf8'), ts, Buffer.from(p.salt, 'base64')]);
    let valid = false;
    try {
      valid = crypto.verify('sha256', data, key, Buffer.from(p.signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw unauthenticated(REFUSAL);
    return { id: p.playerId };
  }

  /** The key's address if its host is allowed: https, or http on a loopback host outside production. */
  private keyUrl(raw: string): URL {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw unauthenticated(REFUSAL);
    }
    const host = u.hostname.toLowerCase();
    const secure = u.protocol === 'https:' || (u.protocol === 'http:' && !this.production && LOOPBACK.has(host));
    const allowed = this.config.keyHosts.some((h) => host === h || host.endsWith(`.${h}`));
    if (!secure || !allowed || u.username || u.password) {
      this.logger.info('gamecenter key address refused', { host });
      throw unauthenticated(REFUSAL);
    }
    return u;
  }

  private key(url: URL): Promise<crypto.KeyObject> {
    const k = url.toString();
    const now = Date.now();
    const hit = this.certs.get(k);
    if (hit && now - hit.at < this.signIn.keysMaxAgeMs) return hit.key;
    if (this.certs.size >= MAX_CACHED) this.certs.delete(this.certs.keys().next().value!);
    const key = this.fetchKey(url);
    this.certs.set(k, { key, at: now });
    key.catch(() => {
      if (this.certs.get(k)?.key === key) this.certs.delete(k);
    });
    return key;
  }

  private async fetchKey(url: URL): Promise<crypto.KeyObject> {
    const answer = await providerGet('GameCenter', url, this.signIn.timeoutMs, this.logger, { accept: '*/*' });
    if (answer.status !== 200) throw unauthenticated(REFUSAL);
    let cert: crypto.X509Certificate;
    try {
      cert = new crypto.X509Certificate(answer.bytes);
    } catch {
      this.logger.info('gamecenter key is not a certificate', { host: url.hostname });
      throw unauthenticated(REFUSAL);
    }
    const now = Date.now();
    if (Date.parse(cert.validFrom) > now || Date.parse(cert.validTo) < now) throw unauthenticated(REFUSAL);
    return cert.publicKey;
  }
}

// Facebook Instant Games: the player's signed info, "<signature>.<payload>" (both base64url), the signature
// an HMAC-SHA256 of the payload's text with the app secret; the payload names the player.
import crypto from 'node:crypto';
import type { FacebookInstantConfig } from '../config.ts';
import { unauthenticated } from '../errors.ts';
import type { Identity } from './providers.ts';

const REFUSAL = 'Could not authenticate Facebook Instant profile.';
const MAX_LENGTH = 8192;

export class FacebookInstant {
  private readonly secret: string;

  constructor(config: FacebookInstantConfig) {
    this.secret = config.appSecret;
  }

  verify(signedPlayerInfo: string): Identity {
    if (typeof signedPlayerInfo !== 'string' || signedPlayerInfo.length > MAX_LENGTH) throw unauthenticated(REFUSAL);
    const parts = signedPlayerInfo.split('.');
    if (parts.length !== 2 || !parts[0] || !parts[1]) throw unauthenticated(REFUSAL);
    const [signature, payload] = parts;
    const expected = crypto.createHmac('sha256', this.secret).update(payload).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw unauthenticated(REFUSAL);
    let info: { algorithm?: unknown; player_id?: unknown };
    try {
      info = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof info;
    } catch {
      throw unauthenticated(REFUSAL);
    }
    if (typeof info?.algorithm === 'string' && info.algorithm.toUpperCase() !== 'HMAC-SHA256') throw unauthenticated(REFUSAL);
    const id = info?.player_id;
    if (typeof id !== 'string' || !/^[\w-]{1,128}$/.test(id)) throw unauthenticated(REFUSAL);
    return { id };
  }
}

// A provider's signing keys (a JSON Web Key Set) and the ID tokens they sign. Keys are cached; a token
// naming a key the cache lacks fetches the set again (the provider rotated its keys), at most once per
// SIGN_IN_KEYS_REFETCH_MS, and the set is fetched again after SIGN_IN_KEYS_MAX_AGE_MS in any case.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { SignInConfig } from '../config.ts';
import { unauthenticated } from '../errors.ts';
import type { Logger } from '../log.ts';
import { redact, unavailable } from './sign-in-http.ts';

const MAX_TOKEN_LENGTH = 16_384;

export interface TokenRules {
  issuer: string | string[];
  audience: string | string[];
  algorithms: string[];
  /** The provider's answer for any token it cannot accept. */
  refusal: string;
}

export class KeySet {
  private readonly name: string;
  private readonly url: string;
  private readonly logger: Logger;
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(name: string, url: string, config: Pick<SignInConfig, 'timeoutMs' | 'keysRefetchMs' | 'keysMaxAgeMs'>, logger: Logger) {
    this.name = name;
    this.url = url;
    this.logger = logger;
    this.keys = createRemoteJWKSet(new URL(url), {
      timeoutDuration: config.timeoutMs,
      cooldownDuration: config.keysRefetchMs,
      cacheMaxAge: config.keysMaxAgeMs,
    });
  }

  /** The verified claims of a token: signature by one of the keys, issuer, audience, expiry (30 s of skew). */
  async verify(token: string, rules: TokenRules): Promise<JWTPayload> {
    if (typeof token !== 'string' || token === '' || token.length > MAX_TOKEN_LENGTH) throw unauthenticated(rules.refusal);
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: rules.issuer,
        audience: rules.audience,
        algorithms: rules.algorithms,
        requiredClaims: ['sub', 'exp'],
        clockTolerance: 30,
      });
      if (typeof payload.sub !== 'string' || payload.sub === '' || payload.sub.length > 255) throw unauthenticated(rules.refusal);
      return payload;
    } catch (err) {
      if (isFetchFailure(err)) {
        this.logger.error('sign-in keys could not be fetched', { provider: this.name, url: redact(this.url), err: (err as Error).message });
        throw unavailable(this.name);
      }
      this.logger.debug('sign-in token refused', { provider: this.name, err: (err as Error).message });
      throw unauthenticated(rules.refusal);
    }
  }
}

/** The key set could not be fetched (network, timeout, an answer that is not a key set): not the token's fault. */
function isFetchFailure(err: unknown): boolean {
  const e = err as Error & { code?: string };
  return e instanceof joseErrors.JWKSTimeout || e instanceof joseErrors.JWKSInvalid || e.code === 'ERR_JOSE_GENERIC' || e instanceof TypeError;
}

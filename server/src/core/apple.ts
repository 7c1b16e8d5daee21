// Sign in with Apple: the app's identity token, an RS256 JWT signed by one of Apple's keys
// (appleid.apple.com/auth/keys), issued by https://appleid.apple.com for the app's bundle id.
import type { AppleConfig, SignInConfig } from '../config.ts';
import type { Logger } from '../log.ts';
import { KeySet } from './jwks.ts';
import type { Identity } from './providers.ts';

const REFUSAL = 'Could not authenticate Apple profile.';

export class Apple {
  private readonly config: AppleConfig;
  private readonly keys: KeySet;

  constructor(config: AppleConfig, signIn: SignInConfig, logger: Logger) {
    this.config = config;
    this.keys = new KeySet('Apple', config.keysUrl, signIn, logger);
  }

  async verify(token: string): Promise<Identity> {
    const claims = await this.keys.verify(token, {
      issuer: this.config.issuer,
      audience: this.config.bundleId,
      algorithms: ['RS256'],
      refusal: REFUSAL,
    });
    return { id: claims.sub! };
  }
}

// A provider's proof as the client sends it in an authenticate, link or unlink body.
import type { ProviderCredential, SignInProvider } from '../core/sign-in.ts';
import { invalid } from '../errors.ts';
import type { Fields } from '../input.ts';

export const SIGN_IN_PROVIDERS: SignInProvider[] = ['apple', 'facebook', 'facebookinstantgame', 'gamecenter', 'google', 'steam'];

export function credentialOf(provider: SignInProvider, body: Fields): ProviderCredential {
  if (provider === 'facebookinstantgame') return { signedPlayerInfo: body.string('signed_player_info') };
  if (provider === 'gamecenter') {
    // int64 arrives as a string or a number.
    const ts = body.raw('timestamp_seconds');
    if (ts !== undefined && ts !== null && typeof ts !== 'string' && typeof ts !== 'number') throw invalid('timestamp_seconds must be an integer.');
    return {
      gameCenter: {
        playerId: body.string('player_id') ?? '',
        bundleId: body.string('bundle_id') ?? '',
        timestamp: ts === undefined || ts === null ? '' : String(ts),
        salt: body.string('salt') ?? '',
        signature: body.string('signature') ?? '',
        publicKeyUrl: body.string('public_key_url') ?? '',
      },
    };
  }
  return { token: body.string('token') };
}

// The `nk` facade's third-party sign-in, as upstream's runtime names it: authenticate<Provider>,
// link<Provider> and unlink<Provider>. Each checks the provider's proof like the client API does; a
// provider without its keys is FailedPrecondition ("... authentication is not configured.").
import type { AuthResult } from '../core/authenticate.ts';
import type { Core } from '../core/index.ts';
import type { GameCenterProof } from '../core/gamecenter.ts';
import type { ProviderCredential, SignInProvider } from '../core/sign-in.ts';
import { invalid } from '../errors.ts';
import { isUuid } from '../tokens.ts';

export interface NkSignIn {
  authenticateApple(token: string, username?: string, create?: boolean): Promise<AuthResult>;
  /** importFriends: the user's Facebook friends who have accounts become friends. */
  authenticateFacebook(token: string, importFriends?: boolean, username?: string, create?: boolean): Promise<AuthResult>;
  authenticateFacebookInstantGame(signedPlayerInfo: string, username?: string, create?: boolean): Promise<AuthResult>;
  authenticateGameCenter(
    playerId: string, bundleId: string, timestamp: number | string, salt: string, signature: string, publicKeyUrl: string,
    username?: string, create?: boolean,
  ): Promise<AuthResult>;
  authenticateGoogle(token: string, username?: string, create?: boolean): Promise<AuthResult>;
  authenticateSteam(token: string, username?: string, create?: boolean, importFriends?: boolean): Promise<AuthResult>;

  linkApple(userId: string, token: string): Promise<void>;
  linkFacebook(userId: string, username: string, token: string, importFriends?: boolean): Promise<void>;
  linkFacebookInstantGame(userId: string, signedPlayerInfo: string): Promise<void>;
  linkGameCenter(userId: string, playerId: string, bundleId: string, timestamp: number | string, salt: string, signature: string, publicKeyUrl: string): Promise<void>;
  linkGoogle(userId: string, token: string): Promise<void>;
  linkSteam(userId: string, username: string, token: string, importFriends?: boolean): Promise<void>;

  unlinkApple(userId: string, token: string): Promise<void>;
  unlinkFacebook(userId: string, token: string): Promise<void>;
  unlinkFacebookInstantGame(userId: string, signedPlayerInfo: string): Promise<void>;
  unlinkGameCenter(userId: string, playerId: string, bundleId: string, timestamp: number | string, salt: string, signature: string, publicKeyUrl: string): Promise<void>;
  unlinkGoogle(userId: string, token: string): Promise<void>;
  unlinkSteam(userId: string, token: string): Promise<void>;
}

function gameCenter(playerId: string, bundleId: string, timestamp: number | string, salt: string, signature: string, publicKeyUrl: string): ProviderCredential {
  const proof: GameCenterProof = { playerId, bundleId, timestamp: String(timestamp), salt, signature, publicKeyUrl };
  return { gameCenter: proof };
}

export function signInNk(core: Core): NkSignIn {
  const { signIn } = core;
  // A module's sign-in has no client address: account creation is the module's to limit.
  const auth = (p: SignInProvider, c: ProviderCredential, username: string | undefined, create = true, sync = false) =>
    signIn.authenticate(p, c, { create, username, sync });
  const user = (userId: string) => {
    if (!isUuid(userId)) throw invalid('Invalid user ID.');
    return userId;
  };
  return {
    authenticateApple: (token, username, create) => auth('apple', { token }, username, create),
    authenticateFacebook: (token, importFriends, username, create) => auth('facebook', { token }, username, create, importFriends),
    authenticateFacebookInstantGame: (info, username, create) => auth('facebookinstantgame', { signedPlayerInfo: info }, username, create),
    authenticateGameCenter: (playerId, bundleId, timestamp, salt, signature, url, username, create) =>
      auth('gamecenter', gameCenter(playerId, bundleId, timestamp, salt, signature, url), username, create),
    authenticateGoogle: (token, username, create) => auth('google', { token }, username, create),
    authenticateSteam: (token, username, create, importFriends) => auth('steam', { token }, username, create, importFriends),

    linkApple: async (userId, token) => signIn.link(user(userId), 'apple', { token }),
    linkFacebook: async (userId, _username, token, importFriends = true) => signIn.link(user(userId), 'facebook', { token }, importFriends),
    linkFacebookInstantGame: async (userId, info) => signIn.link(user(userId), 'facebookinstantgame', { signedPlayerInfo: info }),
    linkGameCenter: async (userId, playerId, bundleId, timestamp, salt, signature, url) =>
      signIn.link(user(userId), 'gamecenter', gameCenter(playerId, bundleId, timestamp, salt, signature, url)),
    linkGoogle: async (userId, token) => signIn.link(user(userId), 'google', { token }),
    linkSteam: async (userId, _username, token, importFriends = false) => signIn.link(user(userId), 'steam', { token }, importFriends),

    unlinkApple: async (userId, token) => signIn.unlink(user(userId), 'apple', { token }),
    unlinkFacebook: async (userId, token) => signIn.unlink(user(userId), 'facebook', { token }),
    unlinkFacebookInstantGame: async (userId, info) => signIn.unlink(user(userId), 'facebookinstantgame', { signedPlayerInfo: info }),
    unlinkGameCenter: async (userId, playerId, bundleId, timestamp, salt, signature, url) =>
      signIn.unlink(user(userId), 'gamecenter', gameCenter(playerId, bundleId, timestamp, salt, signature, url)),
    unlinkGoogle: async (userId, token) => signIn.unlink(user(userId), 'google', { token }),
    unlinkSteam: async (userId, token) => signIn.unlink(user(userId), 'steam', { token }),
  };
}

// The sign-in providers' settings: each provider is on only with its ids and keys, its endpoints default to
// the provider's own, and production refuses plain http and Game Center keys off apple.com.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from './config-read.ts';
import { signInSettings } from './config-sign-in.ts';

const refuses = (env: Record<string, string>, variable: string, production = false) =>
  assert.throws(() => signInSettings(env, production), (e: unknown) => e instanceof ConfigError && e.variable === variable, variable);

describe('sign-in settings', () => {
  it('turn no provider on by default, with the timeouts and key cache documented', () => {
    const s = signInSettings({}, false);
    assert.deepEqual([s.apple, s.facebook, s.facebookInstant, s.gameCenter, s.steam], [undefined, undefined, undefined, undefined, undefined]);
    assert.equal(s.timeoutMs, 10_000);
    assert.equal(s.keysRefetchMs, 30_000);
    assert.equal(s.keysMaxAgeMs, 3_600_000);
  });

  it('point each provider at its real endpoints unless told otherwise', () => {
    const s = signInSettings({
      APPLE_BUNDLE_ID: 'com.example.app', FACEBOOK_APP_ID: '42', FACEBOOK_INSTANT_APP_SECRET: 'secret',
      GAMECENTER_BUNDLE_IDS: 'com.example.app, com.example.other', STEAM_PUBLISHER_KEY: 'ABCDEF0123456789', STEAM_APP_ID: '480',
    }, true);
    assert.deepEqual(s.apple, { bundleId: 'com.example.app', keysUrl: 'https://appleid.apple.com/auth/keys', issuer: 'https://appleid.apple.com' });
    assert.equal(s.facebook!.graphUrl, 'https://graph.facebook.com/v19.0');
    assert.equal(s.facebook!.keysUrl, 'https://limited.facebook.com/.well-known/oauth/openid/jwks');
    assert.equal(s.facebook!.issuer, 'https://www.facebook.com');
    assert.equal(s.facebook!.appSecret, undefined);
    assert.deepEqual(s.facebookInstant, { appSecret: 'secret' });
    assert.deepEqual(s.gameCenter, { bundleIds: ['com.example.app', 'com.example.other'], keyHosts: ['apple.com'] });
    assert.deepEqual(s.steam, { publisherKey: 'ABCDEF0123456789', appId: '480', apiUrl: 'https://partner.steam-api.com' });
  });

  it('refuse half a pair, bad ids, and plain http but on loopback outside production', () => {
    refuses({ STEAM_PUBLISHER_KEY: 'ABCDEF0123456789' }, 'STEAM_APP_ID');
    refuses({ STEAM_APP_ID: '480' }, 'STEAM_PUBLISHER_KEY');
    refuses({ STEAM_PUBLISHER_KEY: 'ABCDEF0123456789', STEAM_APP_ID: 'four' }, 'STEAM_APP_ID');
    refuses({ FACEBOOK_APP_ID: 'app' }, 'FACEBOOK_APP_ID');
    refuses({ APPLE_BUNDLE_ID: 'has space' }, 'APPLE_BUNDLE_ID');
    refuses({ APPLE_BUNDLE_ID: 'a.b', APPLE_KEYS_URL: 'http://keys.example.com/keys' }, 'APPLE_KEYS_URL');
    assert.equal(signInSettings({ APPLE_BUNDLE_ID: 'a.b', APPLE_KEYS_URL: 'http://127.0.0.1:9/keys' }, false).apple!.keysUrl, 'http://127.0.0.1:9/keys');
    refuses({ APPLE_BUNDLE_ID: 'a.b', APPLE_KEYS_URL: 'http://127.0.0.1:9/keys' }, 'APPLE_KEYS_URL', true);
    refuses({ GAMECENTER_BUNDLE_IDS: 'a.b', GAMECENTER_KEY_HOSTS: '127.0.0.1' }, 'GAMECENTER_KEY_HOSTS', true);
    assert.deepEqual(signInSettings({ GAMECENTER_BUNDLE_IDS: 'a.b', GAMECENTER_KEY_HOSTS: 'static.gc.apple.com' }, true).gameCenter!.keyHosts, ['static.gc.apple.com']);
  });
});

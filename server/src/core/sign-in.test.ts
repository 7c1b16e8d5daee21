// The provider clients apart from the HTTP API: a key set's cache and its limit on fetching again, and Game
// Center's key host rules in production.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLogger } from '../log.ts';
import { appErrorOf, startGameCenterKeys, startTokenIssuer, type TestGameCenterKeys, type TestTokenIssuer } from '../testing/index.ts';
import { GameCenter } from './gamecenter.ts';
import { KeySet } from './jwks.ts';

const logger = createLogger('silent');
const settings = { timeoutMs: 1000, keysRefetchMs: 60_000, keysMaxAgeMs: 3_600_000 };
const rules = (issuer: string) => ({ issuer, audience: 'aud', algorithms: ['RS256'], refusal: 'Refused.' });

let issuer: TestTokenIssuer;
let gc: TestGameCenterKeys;
before(async () => {
  issuer = await startTokenIssuer({ audience: 'aud' });
  gc = await startGameCenterKeys();
});
after(async () => {
  await issuer.close();
  await gc.close();
});

describe('key sets', () => {
  it('are fetched once, and again for an unknown key at most once per refetch interval', async () => {
    const keys = new KeySet('Test', issuer.keysUrl, settings, logger);
    const start = issuer.fetches;
    for (let i = 0; i < 5; i++) assert.equal((await keys.verify(issuer.token({ sub: `s${i}` }), rules(issuer.issuer))).sub, `s${i}`);
    assert.equal(issuer.fetches - start, 1);
    // Tokens naming unknown keys (a forger's, or the provider's next) fetch the set again once, not each time.
    issuer.rotate({ keepOld: true });
    for (let i = 0; i < 5; i++) assert.equal((await appErrorOf(keys.verify(issuer.token({}, { key: 'foreign' }), rules(issuer.issuer)))).code, 16);
    assert.ok(issuer.fetches - start <= 2, `fetched ${issuer.fetches - start} times`);
  });

  it('accept a rotated key as soon as the interval allows a new fetch', async () => {
    const keys = new KeySet('Test', issuer.keysUrl, { ...settings, keysRefetchMs: 0 }, logger);
    await keys.verify(issuer.token(), rules(issuer.issuer));
    issuer.rotate();
    assert.equal((await keys.verify(issuer.token({ sub: 'after' }), rules(issuer.issuer))).sub, 'after');
    assert.equal((await appErrorOf(keys.verify(issuer.token({}, { key: 'retired' }), rules(issuer.issuer)))).code, 16);
  });

  it('answer Unavailable when the set cannot be fetched', async () => {
    const keys = new KeySet('Test', 'http://127.0.0.1:9/keys', settings, logger);
    const e = await appErrorOf(keys.verify(issuer.token(), rules(issuer.issuer)));
    assert.equal(e.code, 14);
    assert.equal(e.message, 'Test sign-in is unavailable: the provider could not be reached.');
  });
});

describe('game center keys', () => {
  it('are fetched over https only in production, whatever the allowed hosts', async () => {
    const proof = gc.sign('G:1', 'com.example');
    const signIn = { ...settings, keysRefetchMs: 0, apple: undefined, facebook: undefined, facebookInstant: undefined, gameCenter: undefined, steam: undefined };
    const config = { bundleIds: ['com.example'], keyHosts: ['127.0.0.1'] };
    const dev = new GameCenter(config, signIn, false, logger);
    assert.deepEqual(await dev.verify(proof), { id: 'G:1' });
    const hits = gc.hits.get('/public-key.cer') ?? 0;
    const prod = new GameCenter(config, signIn, true, logger);
    assert.equal((await appErrorOf(prod.verify(proof))).code, 16);
    assert.equal(gc.hits.get('/public-key.cer') ?? 0, hits);
  });
});

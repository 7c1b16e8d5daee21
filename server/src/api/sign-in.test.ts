// Sign-in by Apple, Facebook (Graph and Limited Login), Facebook Instant, Game Center, Google and Steam through
// the official client, each provider a loopback stand-in speaking its protocol: accounts created and found,
// refused proofs, linking (and another account's id), unlinking, friend imports, key rotation, a provider
// that cannot be reached, the per-address limit on refused proofs, and the same through `nk`.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Client } from '@heroiclabs/nakama-js';
import {
  errorOf, signPlayerInfo, startFacebookGraph, startGameCenterKeys, startSteamApi, startTestServer, startTokenIssuer,
  type TestFacebookGraph, type TestGameCenterKeys, type TestServer, type TestSession, type TestSteamApi, type TestTokenIssuer,
} from '../testing/index.ts';

const BUNDLE = 'com.example.tribuna';
const FB_APP = '1234567890';
const FB_SECRET = 'facebook-app-secret';
const INSTANT_SECRET = 'instant-app-secret';
const STEAM_KEY = 'SteamPublisherKey123';
const STEAM_APP = '480';

let ts: TestServer;
let apple: TestTokenIssuer;
let fbLimited: TestTokenIssuer;
let google: TestTokenIssuer;
let graph: TestFacebookGraph;
let gc: TestGameCenterKeys;
let steam: TestSteamApi;
let client: Client;

before(async () => {
  apple = await startTokenIssuer({ audience: BUNDLE });
  fbLimited = await startTokenIssuer({ audience: FB_APP });
  google = await startTokenIssuer({ audience: 'google-client' });
  graph = await startFacebookGraph({ appSecret: FB_SECRET });
  gc = await startGameCenterKeys();
  steam = await startSteamApi({ publisherKey: STEAM_KEY, appId: STEAM_APP });
  ts = await startTestServer({
    env: {
      APPLE_BUNDLE_ID: BUNDLE, APPLE_KEYS_URL: apple.keysUrl, APPLE_ISSUER: apple.issuer,
      FACEBOOK_APP_ID: FB_APP, FACEBOOK_APP_SECRET: FB_SECRET, FACEBOOK_GRAPH_URL: graph.url,
      FACEBOOK_KEYS_URL: fbLimited.keysUrl, FACEBOOK_ISSUER: fbLimited.issuer,
      FACEBOOK_INSTANT_APP_SECRET: INSTANT_SECRET,
      GAMECENTER_BUNDLE_IDS: BUNDLE, GAMECENTER_KEY_HOSTS: '127.0.0.1',
      STEAM_PUBLISHER_KEY: STEAM_KEY, STEAM_APP_ID: STEAM_APP, STEAM_API_URL: steam.url,
      GOOGLE_CLIENT_ID: 'google-client', GOOGLE_CLIENT_SECRET: 'google-secret', GOOGLE_ISSUER: google.issuer,
      // Unknown key ids fetch the key set again at once, so rotation is seen without waiting.
      SIGN_IN_KEYS_REFETCH_MS: '0',
      SIGN_IN_TIMEOUT_MS: '1000',
      // The limit test signs in from its own address.
      TRUSTED_PROXIES: '127.0.0.1',
    },
  });
  client = ts.client();
});
after(async () => {
  await ts.close();
  for (const s of [apple, fbLimited, google, graph, gc, steam]) await s.close();
});

const uniq = () => crypto.randomUUID().slice(0, 8);
const steamId = () => `7656119${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
const fbId = () => String(Math.floor(Math.random() * 1e15));

async function refused(p: Promise<unknown>, status: number, message: string, what = '') {
  const e = await errorOf(p);
  assert.equal(e.status, status, `${what} ${JSON.stringify(e.body)}`);
  assert.equal(e.body.message, message, what);
}

async function friendIds(s: TestSession, state = 0): Promise<string[]> {
  const list = await client.listFriends(s, state);
  return (list.friends ?? []).map((f) => f.user!.id!).sort();
}

describe('apple', () => {
  it('creates the account with the chosen username, then signs in to it; create=false on an unknown id is 404', async () => {
    const sub = `apple-${uniq()}`;
    const name = `apple_${uniq()}`;
    const first = await client.authenticateApple(apple.token({ sub }), true, name);
    assert.equal(first.created, true);
    assert.equal(first.username, name);
    assert.equal((await client.getAccount(first)).user!.apple_id, sub);
    const again = await client.authenticateApple(apple.token({ sub }), false);
    assert.equal(again.created, false);
    assert.equal(again.user_id, first.user_id);
    await refused(client.authenticateApple(apple.token({ sub: `apple-${uniq()}` }), false), 404, 'User account not found.');
  });

  it('refuses an expired token, another audience or issuer, a signature by another key, a changed token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const genuine = apple.token({ sub: 'apple-x' });
    const [h, p, sig] = genuine.split('.');
    const changed = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'apple-y' })).toString('base64url')}.${sig}`;
    for (const [what, token] of [
      ['expired', apple.token({ iat: now - 7200, exp: now - 3600 })],
      ['audience', apple.token({ aud: 'com.other.app' })],
      ['issuer', apple.token({ iss: 'https://appleid.example.com' })],
      ['foreign key', apple.token({}, { key: 'foreign' })],
      ['changed', changed],
      ['malformed', 'a.b'],
    ]) await refused(client.authenticateApple(token, true), 401, 'Could not authenticate Apple profile.', what);
  });

  it('accepts a token signed by a new key once the provider rotated (the key set fetched again)', async () => {
    const before = apple.fetches;
    apple.rotate();
    const s = await client.authenticateApple(apple.token({ sub: `apple-${uniq()}` }), true);
    assert.equal(s.created, true);
    assert.ok(apple.fetches > before);
    // The retired key is gone from the set: its tokens are refused.
    await refused(client.authenticateApple(apple.token({}, { key: 'retired' }), true), 401, 'Could not authenticate Apple profile.');
    // Known keys are served from the cache.
    const cached = apple.fetches;
    await client.authenticateApple(apple.token({ sub: `apple-${uniq()}` }), true);
    assert.equal(apple.fetches, cached);
  });

  it('links to a device account, refuses another account\'s id (409), unlinks only with a token of the linked id', async () => {
    const sub = `apple-${uniq()}`;
    const s = await ts.newSession();
    await client.linkApple(s, { token: apple.token({ sub }) });
    assert.equal((await client.getAccount(s)).user!.apple_id, sub);
    assert.equal((await client.authenticateApple(apple.token({ sub }), false)).user_id, s.user_id);
    const other = await ts.newSession();
    await refused(client.linkApple(other, { token: apple.token({ sub }) }), 409, 'Apple ID is already in use.');
    await refused(client.unlinkApple(s, { token: apple.token({ sub: 'apple-not-linked' }) }), 403,
      'Cannot unlink last account identifier. Check profile exists and is not last link.');
    await client.unlinkApple(s, { token: apple.token({ sub }) });
    assert.equal(Object.hasOwn((await client.getAccount(s)).user!, 'apple_id'), false);
    // Now another account may link it.
    await client.linkApple(other, { token: apple.token({ sub }) });
  });

  it('creates one account when the same new id signs in many times at once', async () => {
    const sub = `apple-${uniq()}`;
    const all = await Promise.all(Array.from({ length: 6 }, () => ts.client().authenticateApple(apple.token({ sub }), true)));
    assert.equal(new Set(all.map((s) => s.user_id)).size, 1);
    assert.equal(all.filter((s) => s.created).length, 1);
  });

  it('never unlinks the last credential of an Apple-only account', async () => {
    const sub = `apple-${uniq()}`;
    const s = await client.authenticateApple(apple.token({ sub }), true);
    await refused(client.unlinkApple(s, { token: apple.token({ sub }) }), 403,
      'Cannot unlink last account identifier. Check profile exists and is not last link.');
  });
});

describe('facebook', () => {
  it('signs in by an access token (Graph /me, with appsecret_proof): name and picture from the profile', async () => {
    const id = fbId();
    const token = graph.tokenFor({ id, name: 'Фёдор' });
    const s = await client.authenticateFacebook(token, true);
    assert.equal(s.created, true);
    const a = await client.getAccount(s);
    assert.equal(a.user!.facebook_id, id);
    assert.equal(a.user!.display_name, 'Фёдор');
    assert.equal(a.user!.avatar_url, `https://example.com/${id}.jpg`);
    assert.equal((await client.authenticateFacebook(token, false)).user_id, s.user_id);
    await refused(client.authenticateFacebook(graph.tokenFor({ id: fbId(), name: 'x' }), false), 404, 'User account not found.');
    await refused(client.authenticateFacebook('EAAGnot-a-token', true), 401, 'Could not authenticate Facebook profile.');
  });

  it('signs in by a Limited Login token (JWKS): the same account as the access token\'s', async () => {
    const id = fbId();
    const s = await client.authenticateFacebook(graph.tokenFor({ id, name: 'Limited' }), true);
    const limited = await client.authenticateFacebook(fbLimited.token({ sub: id }), false);
    assert.equal(limited.user_id, s.user_id);
    await refused(client.authenticateFacebook(fbLimited.token({ sub: id, aud: '999' }), true), 401, 'Could not authenticate Facebook profile.');
  });

  it('with sync, friends who have accounts become friends (all pages read), and are told so (-6)', async () => {
    const friends = [fbId(), fbId(), fbId()];
    const sessions: TestSession[] = [];
    for (const f of friends) sessions.push((await client.authenticateFacebook(graph.tokenFor({ id: f, name: f }), true)) as TestSession);
    // 250 friends, 3 of them with accounts, spread over three pages of 100.
    const all = Array.from({ length: 250 }, () => fbId());
    all[5] = friends[0];
    all[150] = friends[1];
    all[240] = friends[2];
    const me = (await client.authenticateFacebook(graph.tokenFor({ id: fbId(), name: 'me', friends: all }), true, undefined, true)) as TestSession;
    assert.deepEqual(await friendIds(me), sessions.map((s) => s.user_id).sort());
    assert.deepEqual(await friendIds(sessions[0]), [me.user_id]);
    const notes = await client.listNotifications(sessions[1], 10);
    const joined = notes.notifications!.find((n) => n.code === -6)!;
    assert.equal(joined.sender_id, me.user_id);
    assert.equal((await client.getUsers(me, [me.user_id])).users![0].edge_count, 3);
  });

  it('links with sync, imports with reset (other friends go, blocks stay), unlinks, and refuses another account\'s id', async () => {
    const friend = (await client.authenticateFacebook(graph.tokenFor({ id: fbId(), name: 'f' }), true)) as TestSession;
    const friendFb = (await client.getAccount(friend)).user!.facebook_id!;
    const s = await ts.newSession();
    const old = await ts.newSession();
    const blocked = await ts.newSession();
    await client.addFriends(s, [old.user_id]);
    await client.addFriends(old, [s.user_id]);
    await client.blockFriends(s, [blocked.user_id]);
    const id = fbId();
    const token = graph.tokenFor({ id, name: 'linker', friends: [friendFb] });
    await client.linkFacebook(s, { token });
    assert.deepEqual(await friendIds(s), [old.user_id]);
    await client.importFacebookFriends(s, { token });
    assert.deepEqual(await friendIds(s), [friend.user_id, old.user_id].sort());
    // reset: only the imported friends remain; the block stays.
    await ts.app.core.signIn.importFacebookFriends(s.user_id, token, true);
    assert.deepEqual(await friendIds(s), [friend.user_id]);
    assert.deepEqual(await friendIds(s, 3), [blocked.user_id]);
    assert.deepEqual(await friendIds(old as TestSession), []);
    // Edge counts follow: the friend only (a block does not count); the old friend none.
    const counts = await client.getUsers(s, [s.user_id, old.user_id]);
    assert.deepEqual(Object.fromEntries(counts.users!.map((u) => [u.id, u.edge_count ?? 0])), { [s.user_id]: 1, [old.user_id]: 0 });

    const other = await ts.newSession();
    await refused(client.linkFacebook(other, { token: graph.tokenFor({ id, name: 'x' }) }), 409, 'Facebook ID is already in use.');
    await client.unlinkFacebook(s, { token });
    assert.equal(Object.hasOwn((await client.getAccount(s)).user!, 'facebook_id'), false);
  });
});

describe('facebook instant', () => {
  it('signs in by signed player info; refuses another secret\'s signature or a changed payload', async () => {
    const player = `p${uniq()}`;
    const s = await client.authenticateFacebookInstantGame(signPlayerInfo(INSTANT_SECRET, player), true);
    assert.equal(s.created, true);
    assert.equal((await client.getAccount(s)).user!.facebook_instant_game_id, player);
    assert.equal((await client.authenticateFacebookInstantGame(signPlayerInfo(INSTANT_SECRET, player), false)).user_id, s.user_id);
    await refused(client.authenticateFacebookInstantGame(signPlayerInfo(INSTANT_SECRET, `p${uniq()}`), false), 404, 'User account not found.');
    const [sig] = signPlayerInfo(INSTANT_SECRET, player).split('.');
    const otherPayload = signPlayerInfo(INSTANT_SECRET, 'someone').split('.')[1];
    for (const [what, info] of [
      ['secret', signPlayerInfo('another-secret', player)],
      ['changed', `${sig}.${otherPayload}`],
      ['malformed', 'no-dot'],
    ]) await refused(client.authenticateFacebookInstantGame(info, true), 401, 'Could not authenticate Facebook Instant profile.', what);
  });

  it('links, refuses another account\'s id, unlinks', async () => {
    const info = signPlayerInfo(INSTANT_SECRET, `p${uniq()}`);
    const s = await ts.newSession();
    await client.linkFacebookInstantGame(s, { signed_player_info: info });
    await refused(client.linkFacebookInstantGame(await ts.newSession(), { signed_player_info: info }), 409, 'Facebook Instant Game ID is already in use.');
    await client.unlinkFacebookInstantGame(s, { signed_player_info: info });
    assert.equal(Object.hasOwn((await client.getAccount(s)).user!, 'facebook_instant_game_id'), false);
  });
});

describe('game center', () => {
  const signIn = (g: ReturnType<TestGameCenterKeys['sign']>, create = true) =>
    client.authenticateGameCenter(g.bundleId, g.playerId, g.publicKeyUrl, g.salt, g.signature, g.timestamp, undefined, create);

  it('signs in by a signature checked with the certificate at public_key_url', async () => {
    const player = `G:${uniq()}`;
    const s = await signIn(gc.sign(player, BUNDLE));
    assert.equal(s.created, true);
    assert.equal((await client.getAccount(s)).user!.gamecenter_id, player);
    assert.equal((await signIn(gc.sign(player, BUNDLE), false)).user_id, s.user_id);
    await refused(signIn(gc.sign(`G:${uniq()}`, BUNDLE), false), 404, 'User account not found.');
  });

  it('refuses another key\'s signature, another game\'s bundle id, a changed timestamp, a key on another host', async () => {
    const good = gc.sign('G:1', BUNDLE);
    const hits = gc.hits.get('/public-key.cer') ?? 0;
    for (const [what, g] of [
      ['foreign key', gc.sign('G:1', BUNDLE, { foreignKey: true })],
      ['bundle', gc.sign('G:1', 'com.other.game')],
      ['timestamp', { ...good, timestamp: String(BigInt(good.timestamp) + 1n) }],
      ['player', { ...good, playerId: 'G:2' }],
      ['host', { ...good, publicKeyUrl: good.publicKeyUrl.replace('127.0.0.1', 'localhost') }],
      ['https elsewhere', { ...good, publicKeyUrl: 'https://static.gc.example.com/public-key.cer' }],
    ] as const) await refused(signIn(g), 401, 'Could not authenticate GameCenter profile.', what);
    // The certificate was fetched once and kept; the other hosts were never asked.
    assert.ok((gc.hits.get('/public-key.cer') ?? 0) - hits <= 1);
  });

  it('links, refuses another account\'s id, unlinks', async () => {
    const player = `G:${uniq()}`;
    const g = gc.sign(player, BUNDLE);
    const body = { player_id: g.playerId, bundle_id: g.bundleId, timestamp_seconds: g.timestamp, salt: g.salt, signature: g.signature, public_key_url: g.publicKeyUrl };
    const s = await ts.newSession();
    await client.linkGameCenter(s, body);
    assert.equal((await client.getAccount(s)).user!.gamecenter_id, player);
    await refused(client.linkGameCenter(await ts.newSession(), body), 409, 'Game Center ID is already in use.');
    await client.unlinkGameCenter(s, body);
    assert.equal(Object.hasOwn((await client.getAccount(s)).user!, 'gamecenter_id'), false);
  });
});

describe('steam', () => {
  it('signs in by a session ticket (AuthenticateUserTicket); refuses an unknown ticket', async () => {
    const id = steamId();
    const s = await client.authenticateSteam(steam.ticketFor(id), true);
    assert.equal(s.created, true);
    assert.equal((await client.getAccount(s)).user!.steam_id, id);
    assert.equal((await client.authenticateSteam(steam.ticketFor(id), false)).user_id, s.user_id);
    await refused(client.authenticateSteam(steam.ticketFor(steamId()), false), 404, 'User account not found.');
    await refused(client.authenticateSteam('ABCDEF0123', true), 401, 'Could not authenticate Steam profile.');
    await refused(client.authenticateSteam('not hex', true), 401, 'Could not authenticate Steam profile.');
  });

  it('imports the friends who have accounts; a private friend list imports nobody', async () => {
    const friend = (await client.authenticateSteam(steam.ticketFor(steamId()), true)) as TestSession;
    const friendSteam = (await client.getAccount(friend)).user!.steam_id!;
    const mine = steamId();
    steam.setFriends(mine, [friendSteam, steamId()]);
    const s = await ts.newSession();
    await client.importSteamFriends(s, { token: steam.ticketFor(mine) }, false);
    assert.deepEqual(await friendIds(s), [friend.user_id]);
    const hidden = steamId();
    steam.setPrivate(hidden);
    const t = await ts.newSession();
    await client.importSteamFriends(t, { token: steam.ticketFor(hidden) }, false);
    assert.deepEqual(await friendIds(t), []);
  });

  it('links with sync ({account, sync}), refuses another account\'s id, unlinks', async () => {
    const friend = (await client.authenticateSteam(steam.ticketFor(steamId()), true)) as TestSession;
    const id = steamId();
    steam.setFriends(id, [(await client.getAccount(friend)).user!.steam_id!]);
    const s = await ts.newSession();
    await client.linkSteam(s, { account: { token: steam.ticketFor(id) }, sync: true });
    assert.equal((await client.getAccount(s)).user!.steam_id, id);
    assert.deepEqual(await friendIds(s), [friend.user_id]);
    await refused(client.linkSteam(await ts.newSession(), { account: { token: steam.ticketFor(id) } }), 409, 'Steam ID is already in use.');
    await client.unlinkSteam(s, { token: steam.ticketFor(id) });
    assert.equal(Object.hasOwn((await client.getAccount(s)).user!, 'steam_id'), false);
  });

  it('answers 503 when Steam does not answer in time, and keeps serving', async () => {
    steam.delayMs = 3000;
    try {
      const e = await errorOf(client.authenticateSteam(steam.ticketFor(steamId()), true));
      assert.equal(e.status, 503);
      assert.deepEqual(e.body, { code: 14, message: 'Steam sign-in is unavailable: the provider could not be reached.' });
    } finally {
      steam.delayMs = 0;
    }
    assert.equal((await client.authenticateSteam(steam.ticketFor(steamId()), true)).created, true);
  });
});

describe('google', () => {
  it('signs in by an ID token and follows the provider\'s key rotation', async () => {
    const sub = `g-${uniq()}`;
    const s = await client.authenticateGoogle(google.token({ sub }), true);
    assert.equal(s.created, true);
    google.rotate();
    assert.equal((await client.authenticateGoogle(google.token({ sub }), false)).user_id, s.user_id);
    await refused(client.authenticateGoogle(google.token({ sub: `g-${uniq()}` }), false), 404, 'User account not found.');
    await refused(client.authenticateGoogle(google.token({ aud: 'other' }), true), 401, 'Could not authenticate Google profile.');
  });
});

describe('keys that cannot be fetched', () => {
  it('answer 503 while the key set is unreachable, and work again after', async () => {
    apple.rotate();
    apple.failing = true;
    try {
      const e = await errorOf(client.authenticateApple(apple.token({ sub: `apple-${uniq()}` }), true));
      assert.equal(e.status, 503);
      assert.equal(e.body.code, 14);
    } finally {
      apple.failing = false;
    }
    assert.equal((await client.authenticateApple(apple.token({ sub: `apple-${uniq()}` }), true)).created, true);
  });
});

describe('nk', () => {
  it('authenticates, links and unlinks as the client API does', async () => {
    const { nk } = ts.app;
    const sub = `apple-${uniq()}`;
    const r = await nk.authenticateApple(apple.token({ sub }), `nk_${uniq()}`, true);
    assert.equal(r.created, true);
    const s = await ts.newSession();
    const id = steamId();
    await nk.linkSteam(s.user_id, s.username, steam.ticketFor(id));
    assert.equal((await nk.accountGetId(s.user_id)).user.steamId, id);
    await assert.rejects(nk.linkApple(s.user_id, apple.token({ sub })), { code: 6, message: 'Apple ID is already in use.' });
    await nk.unlinkSteam(s.user_id, steam.ticketFor(id));
    const player = `p${uniq()}`;
    assert.equal((await nk.authenticateFacebookInstantGame(signPlayerInfo(INSTANT_SECRET, player))).created, true);
    await assert.rejects(nk.authenticateGoogle('bad', undefined, true), { code: 16 });
  });
});

describe('refused proofs from one address', () => {
  it('are limited like failed passwords: after 51, the address waits (429); other addresses do not', async () => {
    const post = (ip: string, token: string) => fetch(`${ts.url}/v2/account/authenticate/steam?create=true`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from(`${ts.config.serverKey}:`).toString('base64')}`, 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ token }),
    });
    // Fifty are free and the fifty-first is still checked, as with passwords.
    for (let i = 0; i < 51; i++) assert.equal((await post('203.0.113.7', 'ABCDEF')).status, 401);
    const limited = await post('203.0.113.7', steam.ticketFor(steamId()));
    assert.equal(limited.status, 429);
    assert.match(((await limited.json()) as { message: string }).message, /^Too many failed sign-in attempts/);
    assert.equal((await post('203.0.113.8', steam.ticketFor(steamId()))).status, 200);
  });
});

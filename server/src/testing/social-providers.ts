// Local stand-ins for tests (127.0.0.1) of the providers that are not token issuers: Facebook's Graph API
// (/me and /me/friends, appsecret_proof checked), Steam's Web API (AuthenticateUserTicket, GetFriendList),
// a host of Game Center signing certificates, and the signing of Facebook Instant player info.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Loopback {
  url: string;
  /** Requests answered, by path. */
  hits: Map<string, number>;
  /** While set, every request waits this long before it is answered (a provider that hangs). */
  delayMs: number;
  close(): Promise<void>;
}

type Handler = (url: URL, res: http.ServerResponse) => void;

async function listen(handle: Handler): Promise<Loopback> {
  const hits = new Map<string, number>();
  const state = { delayMs: 0 };
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    hits.set(url.pathname, (hits.get(url.pathname) ?? 0) + 1);
    const go = () => {
      if (!res.destroyed) handle(url, res);
    };
    if (state.delayMs) setTimeout(go, state.delayMs);
    else go();
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    hits,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

export interface FacebookUser {
  id: string;
  name: string;
  /** Facebook ids of friends who use the app. */
  friends?: string[];
}

export interface TestFacebookGraph extends Loopback {
  /** A new access token for the user. */
  tokenFor(user: FacebookUser): string;
}

/** Graph API: /me and /me/friends (pages of `limit`, cursors.after), the token's user; appsecret_proof checked when appSecret is given. */
export async function startFacebookGraph(opts: { appSecret?: string } = {}): Promise<TestFacebookGraph> {
  const tokens = new Map<string, FacebookUser>();
  const oauthError = (res: http.ServerResponse, message: string) =>
    sendJson(res, 400, { error: { message, type: 'OAuthException', code: 190 } });
  const server = await listen((url, res) => {
    const token = url.searchParams.get('access_token') ?? '';
    const user = tokens.get(token);
    if (!user) return oauthError(res, 'Invalid OAuth access token.');
    if (opts.appSecret) {
      const proof = crypto.createHmac('sha256', opts.appSecret).update(token).digest('hex');
      if (url.searchParams.get('appsecret_proof') !== proof) return oauthError(res, 'Invalid appsecret_proof provided in the API argument');
    }
    if (url.pathname === '/me') {
      return sendJson(res, 200, { id: user.id, name: user.name, picture: { data: { url: `https://example.com/${user.id}.jpg` } } });
    }
    if (url.pathname === '/me/friends') {
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const start = Number(url.searchParams.get('after') ?? 0);
      const all = user.friends ?? [];
      const data = all.slice(start, start + limit).map((id) => ({ id, name: `friend ${id}` }));
      const more = start + limit < all.length;
      const paging: Record<string, unknown> = { cursors: { before: String(start), after: String(start + limit) } };
      if (more) paging.next = `${server.url}/me/friends?after=${start + limit}&limit=${limit}`;
      return sendJson(res, 200, { data, paging, summary: { total_count: all.length } });
    }
    sendJson(res, 404, { error: { message: 'Unknown path', code: 803 } });
  });
  return Object.assign(server, {
    tokenFor(user: FacebookUser) {
      const token = `EAAG${crypto.randomBytes(24).toString('hex')}`;
      tokens.set(token, user);
      return token;
    },
  });
}

export interface TestSteamApi extends Loopback {
  /** A new session ticket (hex) of the player. */
  ticketFor(steamId: string): string;
  /** The player's friends (Steam ids). */
  setFriends(steamId: string, friends: string[]): void;
  /** A player whose friend list is private (401). */
  setPrivate(steamId: string): void;
}

/** Steam Web API: ISteamUserAuth/AuthenticateUserTicket and ISteamUser/GetFriendList, for one publisher key and app id. */
export async function startSteamApi(opts: { publisherKey: string; appId: string }): Promise<TestSteamApi> {
  const tickets = new Map<string, string>();
  const friends = new Map<string, string[]>();
  const hidden = new Set<string>();
  const server = await listen((url, res) => {
    if (url.searchParams.get('key') !== opts.publisherKey) {
      res.writeHead(403, { 'content-type': 'text/html' }).end('<html><body>Forbidden</body></html>');
      return;
    }
    if (url.pathname === '/ISteamUserAuth/AuthenticateUserTicket/v1/') {
      const steamid = tickets.get(url.searchParams.get('ticket') ?? '');
      if (url.searchParams.get('appid') !== opts.appId || !steamid) {
        return sendJson(res, 200, { response: { error: { errorcode: 101, errordesc: 'Invalid ticket' } } });
      }
      return sendJson(res, 200, { response: { params: { result: 'OK', steamid, ownersteamid: steamid, vacbanned: false, publisherbanned: false } } });
    }
    if (url.pathname === '/ISteamUser/GetFriendList/v1/') {
      const id = url.searchParams.get('steamid') ?? '';
      if (hidden.has(id)) {
        res.writeHead(401, { 'content-type': 'text/html' }).end('<html><body>Unauthorized</body></html>');
        return;
      }
      const list = (friends.get(id) ?? []).map((steamid) => ({ steamid, relationship: 'friend', friend_since: 1_700_000_000 }));
      return sendJson(res, 200, { friendslist: { friends: list } });
    }
    sendJson(res, 404, {});
  });
  return Object.assign(server, {
    ticketFor(steamId: string) {
      const ticket = crypto.randomBytes(120).toString('hex').toUpperCase();
      tickets.set(ticket, steamId);
      return ticket;
    },
    setFriends: (steamId: string, list: string[]) => void friends.set(steamId, list),
    setPrivate: (steamId: string) => void hidden.add(steamId),
  });
}

export interface GameCenterSignature {
  playerId: string;
  bundleId: string;
  timestamp: string;
  salt: string;
  signature: string;
  publicKeyUrl: string;
}

export interface TestGameCenterKeys extends Loopback {
  /** The certificate's address. */
  publicKeyUrl: string;
  /** A signature as a device makes it: over playerId, bundleId, timestamp (8 bytes, big-endian), salt. */
  sign(playerId: string, bundleId: string, opts?: { timestamp?: bigint; foreignKey?: boolean }): GameCenterSignature;
}

/** A host of one self-signed RSA certificate (DER, at /public-key.cer), like Apple's static.gc.apple.com. */
export async function startGameCenterKeys(): Promise<TestGameCenterKeys> {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const cert = selfSignedCertificate(privateKey, publicKey, 'gc-test');
  const server = await listen((url, res) => {
    if (url.pathname !== '/public-key.cer') return sendJson(res, 404, {});
    res.writeHead(200, { 'content-type': 'application/x-x509-ca-cert' }).end(cert);
  });
  const publicKeyUrl = `${server.url}/public-key.cer`;
  return Object.assign(server, {
    publicKeyUrl,
    sign(playerId: string, bundleId: string, o: { timestamp?: bigint; foreignKey?: boolean } = {}): GameCenterSignature {
      const timestamp = o.timestamp ?? BigInt(Date.now());
      const salt = crypto.randomBytes(8);
      const ts = Buffer.alloc(8);
      ts.writeBigUInt64BE(timestamp);
      const data = Buffer.concat([Buffer.from(playerId), Buffer.from(bundleId), ts, salt]);
      const signature = crypto.sign('sha256', data, o.foreignKey ? foreign : privateKey).toString('base64');
      return { playerId, bundleId, timestamp: timestamp.toString(), salt: salt.toString('base64'), signature, publicKeyUrl };
    },
  });
}

/** Facebook Instant Games' signed player info: "<HMAC-SHA256 of the payload>.<payload>", both base64url. */
export function signPlayerInfo(appSecret: string, playerId: string, extra: Record<string, unknown> = {}): string {
  const payload = Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), player_id: playerId, ...extra })).toString('base64url');
  const signature = crypto.createHmac('sha256', appSecret).update(payload).digest('base64url');
  return `${signature}.${payload}`;
}

// A minimal X.509 v1 certificate in DER: enough for crypto.X509Certificate to read its key and dates.
function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, content]);
}

function selfSignedCertificate(privateKey: crypto.KeyObject, publicKey: crypto.KeyObject, cn: string): Buffer {
  const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
  const sha256WithRsa = seq(Buffer.from('06092a864886f70d01010b', 'hex'), Buffer.from('0500', 'hex'));
  const name = seq(der(0x31, seq(Buffer.from('0603550403', 'hex'), der(0x0c, Buffer.from(cn)))));
  const utc = (d: Date) => der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-:T]/g, '')}Z`));
  const now = Date.now();
  const validity = seq(utc(new Date(now - 86_400_000)), utc(new Date(now + 365 * 86_400_000)));
  const serial = der(0x02, Buffer.concat([Buffer.from([0x01]), crypto.randomBytes(8)]));
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const tbs = seq(serial, sha256WithRsa, name, validity, name, spki);
  const signature = crypto.sign('sha256', tbs, privateKey);
  return seq(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
}

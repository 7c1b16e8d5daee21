import crypto from 'node:crypto';
import assert from 'node:assert/strict';
import os from 'node:os';
import { describe, it } from 'node:test';
import { ConfigError, defaultNodeName, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has documented defaults', () => {
    const c = loadConfig({}, '/srv/app');
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.port, 7350);
    assert.equal(c.dataDir, '/srv/app/data');
    assert.equal(c.databaseUrl, undefined);
    assert.equal(c.serverKey, 'defaultkey');
    assert.equal(c.httpKey, 'defaulthttpkey');
    assert.equal(c.sessionEncryptionKey, 'defaultencryptionkey');
    assert.equal(c.refreshEncryptionKey, 'defaultrefreshencryptionkey');
    assert.equal(c.tokenExpirySec, 7200);
    assert.equal(c.refreshTokenExpirySec, 2592000);
    assert.equal(c.logLevel, 'info');
    // Pretty only on a developer's terminal, never in production.
    assert.equal(c.logFormat, process.stdout.isTTY ? 'pretty' : 'json');
    assert.equal(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat, 'pretty');
    assert.equal(c.maxRequestSizeBytes, 262144);
    assert.deepEqual(c.modules, ['@tribuna/portal']);
    assert.equal(c.publicUrl, undefined);
  });

  it('turns on cluster mode with REDIS_URL and DATABASE_URL, naming the node after the host and port', () => {
    assert.equal(loadConfig({}).redisUrl, undefined);
    assert.equal(loadConfig({}).nodeName, 'nakama');
    const c = loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2', DATABASE_URL: 'postgres://db/tribuna', PORT: '7351' });
    assert.equal(c.redisUrl, 'redis://127.0.0.1:6379/2');
    assert.match(c.nodeName, /^[A-Za-z0-9_-]{1,64}$/);
    assert.ok(c.nodeName.endsWith('-7351'), c.nodeName);
    assert.equal(loadConfig({ REDIS_URL: 'redis://r', DATABASE_URL: 'postgres://db/t', NODE_NAME: 'node-a' }).nodeName, 'node-a');
    assert.equal(c.redisPrefix, 'tribuna:');
    assert.equal(loadConfig({ REDIS_PREFIX: 'e2e-42:' }).redisPrefix, 'e2e-42:');
    assert.throws(() => loadConfig({ REDIS_PREFIX: 'has space' }), (e: unknown) => e instanceof ConfigError && e.variable === 'REDIS_PREFIX');
    assert.equal(defaultNodeName('web-1.tribuna.example', 7350), 'web-1-7350');
    assert.equal(defaultNodeName('узел', 80), '-----80');
    assert.throws(() => loadConfig({ REDIS_URL: 'redis://r' }), (e: unknown) => e instanceof ConfigError && e.variable === 'REDIS_URL' && /DATABASE_URL/.test(e.message));
    assert.throws(() => loadConfig({ REDIS_URL: 'http://r', DATABASE_URL: 'postgres://db/t' }), (e: unknown) => e instanceof ConfigError && e.variable === 'REDIS_URL');
  });

  it('bounds the drain of a stopping server with DRAIN_TIMEOUT_MS', () => {
    assert.equal(loadConfig({}).drainTimeoutMs, 10_000);
    assert.equal(loadConfig({ DRAIN_TIMEOUT_MS: '0' }).drainTimeoutMs, 0);
    assert.throws(() => loadConfig({ DRAIN_TIMEOUT_MS: '-1' }), (e: unknown) => e instanceof ConfigError && e.variable === 'DRAIN_TIMEOUT_MS');
    assert.throws(() => loadConfig({ DRAIN_TIMEOUT_MS: '600001' }), (e: unknown) => e instanceof ConfigError && e.variable === 'DRAIN_TIMEOUT_MS');
  });

  it('turns metrics on with METRICS_TOKEN, a secret of 16 to 256 printable characters', () => {
    assert.equal(loadConfig({}).metricsToken, undefined);
    assert.equal(loadConfig({ METRICS_TOKEN: 'a-long-enough-token-42' }).metricsToken, 'a-long-enough-token-42');
    for (const bad of ['short', 'has a space in it, long', 'x'.repeat(257), 'токен-кириллицей-длинный']) {
      assert.throws(() => loadConfig({ METRICS_TOKEN: bad }), (e: unknown) => e instanceof ConfigError && e.variable === 'METRICS_TOKEN', bad);
    }
  });

  it('takes PUBLIC_URL as an http(s) origin alone', () => {
    assert.equal(loadConfig({ PUBLIC_URL: 'https://tribuna.example/' }).publicUrl, 'https://tribuna.example');
    assert.equal(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:7350' }).publicUrl, 'http://127.0.0.1:7350');
    for (const v of ['tribuna.example', 'ftp://tribuna.example', 'https://tribuna.example/portal', 'https://a:b@tribuna.example', 'https://tribuna.example/?x=1']) {
      assert.throws(() => loadConfig({ PUBLIC_URL: v }), (e: unknown) => e instanceof ConfigError && e.variable === 'PUBLIC_URL', v);
    }
  });

  it('has limits on creation and image decoding, with defaults, each validated', () => {
    const { limits } = loadConfig({});
    assert.equal(limits.teamsPerUser, 20);
    assert.equal(limits.playersPerUser, 50);
    assert.equal(limits.uploadsPerUserHour, 100);
    assert.equal(limits.uploadQuotaBytes, 200 * 1024 * 1024);
    assert.equal(limits.imageMaxPixels, 40_000_000);
    assert.equal(limits.imageDecodeConcurrency, 2);
    assert.equal(limits.imageDecodeQueue, 20);
    const set = loadConfig({ LIMIT_TEAMS_PER_USER: '3', IMAGE_DECODE_QUEUE: '0', LIMIT_UPLOAD_QUOTA_BYTES: '1048576' }).limits;
    assert.deepEqual([set.teamsPerUser, set.imageDecodeQueue, set.uploadQuotaBytes], [3, 0, 1048576]);
    const bad: Record<string, string> = {
      LIMIT_TEAMS_PER_USER: '0',
      LIMIT_PLAYERS_PER_USER: 'many',
      LIMIT_UPLOADS_PER_USER_HOUR: '-1',
      LIMIT_UPLOAD_QUOTA_BYTES: '200MB',
      IMAGE_MAX_PIXELS: String(16384 * 16384),
      IMAGE_DECODE_CONCURRENCY: '0',
      IMAGE_DECODE_QUEUE: '1.5',
    };
    for (const [name, value] of Object.entries(bad)) {
      assert.throws(() => loadConfig({ [name]: value }), (e: unknown) => e instanceof ConfigError && e.variable === name, name);
    }
  });

  it('has rate and daily limits on writes, with defaults a real league never meets, each validated', () => {
    const { limits } = loadConfig({});
    assert.deepEqual(
      [limits.writesPerUserMinute, limits.writesPerAddressMinute, limits.creationsPerUserHour, limits.reactionsPerUserMinute],
      [240, 600, 100, 300],
    );
    assert.deepEqual(
      [limits.chatMessagesPerUserMinute, limits.chatBytesPerUserDay, limits.newsPerUserDay, limits.chatsPerUserDay],
      [60, 2 * 1024 * 1024, 100, 50],
    );
    const vars: Array<[string, keyof typeof limits]> = [
      ['LIMIT_WRITES_PER_USER_MINUTE', 'writesPerUserMinute'],
      ['LIMIT_WRITES_PER_ADDRESS_MINUTE', 'writesPerAddressMinute'],
      ['LIMIT_CREATIONS_PER_USER_HOUR', 'creationsPerUserHour'],
      ['LIMIT_REACTIONS_PER_USER_MINUTE', 'reactionsPerUserMinute'],
      ['LIMIT_CHAT_MESSAGES_PER_USER_MINUTE', 'chatMessagesPerUserMinute'],
      ['LIMIT_CHAT_BYTES_PER_USER_DAY', 'chatBytesPerUserDay'],
      ['LIMIT_NEWS_PER_USER_DAY', 'newsPerUserDay'],
      ['LIMIT_CHATS_PER_USER_DAY', 'chatsPerUserDay'],
    ];
    for (const [name, field] of vars) {
      assert.equal(loadConfig({ [name]: '7' }).limits[field], 7, name);
      for (const value of ['0', 'lots', '1.5']) {
        assert.throws(() => loadConfig({ [name]: value }), (e: unknown) => e instanceof ConfigError && e.variable === name, `${name}=${value}`);
      }
    }
  });

  it('stops on a bad value, naming the variable', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORT: 'eighty' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ TOKEN_EXPIRY_SEC: '-5' }, 'TOKEN_EXPIRY_SEC'],
      [{ REFRESH_TOKEN_EXPIRY_SEC: '10', TOKEN_EXPIRY_SEC: '60' }, 'REFRESH_TOKEN_EXPIRY_SEC'],
      [{ DATABASE_URL: 'mysql://localhost/x' }, 'DATABASE_URL'],
      [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
      [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
      [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
      [{ SERVER_KEY: 'short' }, 'SERVER_KEY'],
      [{ SESSION_ENCRYPTION_KEY: 'same-key-1', REFRESH_ENCRYPTION_KEY: 'same-key-1' }, 'REFRESH_ENCRYPTION_KEY'],
    ];
    for (const [env, name] of cases) {
      assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && e.variable === name && e.message.includes(name), name);
    }
  });

  /** A VAPID key pair as web-push prints it: the public point (65 bytes) and the private scalar (32). */
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const VAPID = {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url').padStart(43, 'A'),
    VAPID_SUBJECT: 'mailto:ops@tribuna.example',
  };
  /** Every key set to a secret of its own, as production wants them. */
  const PRODUCTION_KEYS = {
    ...VAPID,
    NODE_ENV: 'production',
    SERVER_KEY: 'srv-secret-1',
    HTTP_KEY: 'http-secret-1',
    SESSION_ENCRYPTION_KEY: 'session-secret-1',
    REFRESH_ENCRYPTION_KEY: 'refresh-secret-1',
    LINK_SIGNING_KEY: 'link-signing-secret-1',
  };

  it('refuses the default keys in production', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /must be set to a secret value when NODE_ENV=production/);
    const secrets = {
      ...PRODUCTION_KEYS,
      SHOP_PROVIDER: 'yookassa',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'live_secret',
    };
    // Production logs JSON lines, even on a terminal.
    assert.equal(loadConfig(secrets).logFormat, 'json');
    assert.equal(loadConfig(secrets).production, true);
    assert.throws(() => loadConfig({ ...secrets, HTTP_KEY: 'defaulthttpkey' }), /HTTP_KEY/);
  });

  it('in production wants the shop provider chosen on purpose: the test one gives coins for nothing', () => {
    const secrets = PRODUCTION_KEYS;
    assert.throws(() => loadConfig(secrets), /SHOP_PROVIDER must be set when NODE_ENV=production/);
    assert.equal(loadConfig({ ...secrets, SHOP_PROVIDER: 'test' }).runtimeEnv.SHOP_PROVIDER, 'test');
    assert.equal(loadConfig({}).runtimeEnv.SHOP_PROVIDER, 'test', 'the default outside production');
  });

  it('in production refuses each key left at its default alone, naming that key', () => {
    const secrets: Record<string, string> = {
      NODE_ENV: 'production',
      SERVER_KEY: 'srv-secret-1',
      HTTP_KEY: 'http-secret-1',
      SESSION_ENCRYPTION_KEY: 'session-secret-1',
      REFRESH_ENCRYPTION_KEY: 'refresh-secret-1',
      LINK_SIGNING_KEY: 'link-signing-secret-1',
      SHOP_PROVIDER: 'test',
      ...VAPID,
    };
    const defaults: Record<string, string> = {
      SERVER_KEY: 'defaultkey',
      HTTP_KEY: 'defaulthttpkey',
      SESSION_ENCRYPTION_KEY: 'defaultencryptionkey',
      REFRESH_ENCRYPTION_KEY: 'defaultrefreshencryptionkey',
      LINK_SIGNING_KEY: 'defaultlinksigningkey',
    };
    for (const [name, defaultValue] of Object.entries(defaults)) {
      const others = Object.keys(defaults).filter((k) => k !== name);
      // Left unset, and set explicitly to the public default: both refused.
      const unset = { ...secrets };
      delete unset[name];
      for (const env of [unset, { ...secrets, [name]: defaultValue }]) {
        assert.throws(
          () => loadConfig(env),
          (e: unknown) =>
            e instanceof ConfigError &&
            e.variable === name &&
            e.message.includes(name) &&
            e.message.includes('NODE_ENV=production') &&
            !others.some((o) => e.message.includes(o)),
          name,
        );
      }
      // Outside production the same settings are accepted.
      assert.doesNotThrow(() => loadConfig({ ...unset, NODE_ENV: 'development' }), name);
    }
  });

  it("hands modules their settings: the test shop, the site's address and the news HTML pool by default, YooKassa with its keys", () => {
    const threads = String(Math.max(1, os.availableParallelism() - 1));
    const news = {
      NEWS_HTML_THREADS: threads,
      NEWS_HTML_QUEUE: '32',
      REMINDER_BEFORE_DEADLINE_HOURS: '24',
      REMINDER_BEFORE_START_HOURS: '3',
      REMINDER_TICK_SEC: '60',
      LINK_SIGNING_KEY: 'defaultlinksigningkey',
      ADMIN_USER_IDS: '',
      ADMIN_EMAILS: '',
      VAPID_SUBJECT: 'mailto:push@tribuna.invalid',
      PUSH_ALLOWED_ORIGINS: 'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://*.notify.windows.com,https://web.push.apple.com',
    };
    assert.deepEqual(loadConfig({}).runtimeEnv, { SHOP_PROVIDER: 'test', PUBLIC_URL: 'http://127.0.0.1:7350', ...news });
    assert.deepEqual(
      [loadConfig({ NEWS_HTML_THREADS: '3', NEWS_HTML_QUEUE: '0' }).runtimeEnv].map((e) => [e.NEWS_HTML_THREADS, e.NEWS_HTML_QUEUE]),
      [['3', '0']],
    );
    assert.equal(loadConfig({ HOST: '::1', PORT: '8080' }).runtimeEnv.PUBLIC_URL, 'http://[::1]:8080');
    const yookassa = { SHOP_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'test_secret', PUBLIC_URL: 'https://tribuna.example/' };
    const env = loadConfig(yookassa).runtimeEnv;
    assert.deepEqual(env, {
      SHOP_PROVIDER: 'yookassa',
      PUBLIC_URL: 'https://tribuna.example',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'test_secret',
      YOOKASSA_API_URL: 'https://api.yookassa.ru/v3',
      ...news,
      VAPID_SUBJECT: 'https://tribuna.example',
    });
    assert.ok(Object.isFrozen(env));
    assert.equal(loadConfig({ ...yookassa, YOOKASSA_API_URL: 'http://127.0.0.1:9000/v3/' }).runtimeEnv.YOOKASSA_API_URL, 'http://127.0.0.1:9000/v3');
    const cases: Array<[Record<string, string>, string]> = [
      [{ SHOP_PROVIDER: 'paypal' }, 'SHOP_PROVIDER'],
      [{ PUBLIC_URL: 'ftp://tribuna.example' }, 'PUBLIC_URL'],
      [{ PUBLIC_URL: 'https://tribuna.example/?a=1' }, 'PUBLIC_URL'],
      [{ SHOP_PROVIDER: 'yookassa', YOOKASSA_SECRET_KEY: 'test_secret' }, 'YOOKASSA_SHOP_ID'],
      [{ SHOP_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: 'shop', YOOKASSA_SECRET_KEY: 'test_secret' }, 'YOOKASSA_SHOP_ID'],
      [{ SHOP_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '123456' }, 'YOOKASSA_SECRET_KEY'],
      [{ ...yookassa, YOOKASSA_API_URL: 'api.yookassa.ru' }, 'YOOKASSA_API_URL'],
      [{ NEWS_HTML_THREADS: '0' }, 'NEWS_HTML_THREADS'],
      [{ NEWS_HTML_THREADS: 'all' }, 'NEWS_HTML_THREADS'],
      [{ NEWS_HTML_QUEUE: '-1' }, 'NEWS_HTML_QUEUE'],
      [{ REMINDER_BEFORE_DEADLINE_HOURS: '0' }, 'REMINDER_BEFORE_DEADLINE_HOURS'],
      [{ REMINDER_BEFORE_START_HOURS: '169' }, 'REMINDER_BEFORE_START_HOURS'],
      [{ REMINDER_TICK_SEC: '1.5' }, 'REMINDER_TICK_SEC'],
      [{ LINK_SIGNING_KEY: 'short' }, 'LINK_SIGNING_KEY'],
      [{ LINK_SIGNING_KEY: 'with a space inside it' }, 'LINK_SIGNING_KEY'],
      [{ ADMIN_USER_IDS: 'admin' }, 'ADMIN_USER_IDS'],
      [{ ADMIN_EMAILS: 'admin@example.com, nobody' }, 'ADMIN_EMAILS'],
      [{ VAPID_PUBLIC_KEY: VAPID.VAPID_PUBLIC_KEY }, 'VAPID_PRIVATE_KEY'],
      [{ VAPID_PRIVATE_KEY: VAPID.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY'],
      [{ ...VAPID, VAPID_PUBLIC_KEY: VAPID.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY'],
      [{ ...VAPID, VAPID_PRIVATE_KEY: 'not+base64/url' }, 'VAPID_PRIVATE_KEY'],
      [{ VAPID_SUBJECT: 'ops@tribuna.example' }, 'VAPID_SUBJECT'],
      [{ VAPID_SUBJECT: 'http://tribuna.example' }, 'VAPID_SUBJECT'],
      [{ PUSH_ALLOWED_ORIGINS: 'http://push.example' }, 'PUSH_ALLOWED_ORIGINS'],
      [{ PUSH_ALLOWED_ORIGINS: 'https://push.example/path' }, 'PUSH_ALLOWED_ORIGINS'],
      [{ PUSH_ALLOWED_ORIGINS: 'https://*' }, 'PUSH_ALLOWED_ORIGINS'],
    ];
    for (const [e, name] of cases) {
      assert.throws(() => loadConfig(e), (err: unknown) => err instanceof ConfigError && err.variable === name, name);
    }
  });

  it('wants the VAPID keys and subject in production, and hands modules the keys and the allowed push services', () => {
    const { VAPID_PUBLIC_KEY, ...noKeys } = { ...PRODUCTION_KEYS, SHOP_PROVIDER: 'test' };
    assert.ok(VAPID_PUBLIC_KEY);
    assert.throws(() => loadConfig({ ...noKeys, VAPID_PRIVATE_KEY: '' }), (e: unknown) => e instanceof ConfigError && e.variable === 'VAPID_PUBLIC_KEY');
    const { VAPID_SUBJECT, ...noSubject } = { ...PRODUCTION_KEYS, SHOP_PROVIDER: 'test' };
    assert.ok(VAPID_SUBJECT);
    assert.throws(() => loadConfig(noSubject), (e: unknown) => e instanceof ConfigError && e.variable === 'VAPID_SUBJECT');
    const env = loadConfig({ ...VAPID, PUSH_ALLOWED_ORIGINS: 'https://*.Push.Example, http://127.0.0.1:9300' }).runtimeEnv;
    assert.deepEqual(
      [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT, env.PUSH_ALLOWED_ORIGINS],
      [VAPID.VAPID_PUBLIC_KEY, VAPID.VAPID_PRIVATE_KEY, VAPID.VAPID_SUBJECT, 'https://*.push.example,http://127.0.0.1:9300'],
    );
  });

  it('hands modules the reminder times, the link key and the administrators, lists trimmed, lower-cased and each once', () => {
    const env = loadConfig({
      REMINDER_BEFORE_DEADLINE_HOURS: '48',
      REMINDER_BEFORE_START_HOURS: '2',
      REMINDER_TICK_SEC: '5',
      LINK_SIGNING_KEY: 'a-long-secret-for-links',
      ADMIN_USER_IDS: ' 6F9619FF-8B86-D011-B42D-00C04FC964FF ,6f9619ff-8b86-d011-b42d-00c04fc964ff,',
      ADMIN_EMAILS: 'Admin@Example.com, chief@tribuna.example',
    }).runtimeEnv;
    assert.deepEqual(
      [env.REMINDER_BEFORE_DEADLINE_HOURS, env.REMINDER_BEFORE_START_HOURS, env.REMINDER_TICK_SEC, env.LINK_SIGNING_KEY],
      ['48', '2', '5', 'a-long-secret-for-links'],
    );
    assert.equal(env.ADMIN_USER_IDS, '6f9619ff-8b86-d011-b42d-00c04fc964ff');
    assert.equal(env.ADMIN_EMAILS, 'admin@example.com,chief@tribuna.example');
  });
});

// The search of a test run's log for secrets (log-secrets.ts) finds them and passes ordinary lines; with
// TEST_LOG_FILE set, the log that file holds is searched too.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { findSecrets, knownSecrets } from './log-secrets.ts';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 'info', time: 1, ...fields });

describe('log secrets search', () => {
  const literals = knownSecrets();

  it('knows the default keys and the passwords the tests sign in with', () => {
    for (const s of ['defaulthttpkey', 'password-123', Buffer.from('defaultkey:').toString('base64')]) assert.ok(literals.includes(s), s);
  });

  it('finds tokens, codes, credentials and known passwords', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJ1aWQiOiIxMjM0NTY3OCJ9.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU';
    for (const leak of [
      line({ msg: 'request', token: jwt }),
      line({ msg: 'mail', subject: 'Код входа в Трибуну: 123456' }),
      line({ msg: 'call', headers: 'Authorization: Bearer abcdefghijkl' }),
      line({ msg: 'call', url: '/v2/rpc/x?unwrap=1&http_key=abc' }),
      line({ msg: 'sign-in', fields: { p: 'password-123' } }),
    ]) {
      assert.equal(findSecrets(leak, literals).length, 1, leak);
    }
  });

  it('passes ordinary lines', () => {
    const text = [
      line({ msg: 'request', reqId: 'aB3-1', method: 'POST', route: '/v2/rpc/{id}', status: 200, ms: 1.5, uid: '6f1c1f0e-2b1a-4b8e-9d7e-2f7a1c0b9e11' }),
      line({ msg: 'mail sent', to: '58e4cec44d73dbaa', kind: 'sign-in code' }),
      line({ msg: 'socket closed', sid: 'x', in: 2, out: 3, closeCode: 1000 }),
    ].join('\n');
    assert.deepEqual(findSecrets(text, literals), []);
  });

  const file = process.env.TEST_LOG_FILE;
  it('the log of this test run (TEST_LOG_FILE) holds no secret', { skip: !file || !fs.existsSync(file) }, () => {
    assert.deepEqual(findSecrets(fs.readFileSync(file!, 'utf8'), literals), []);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { asciiJson, sign, verifySignature } from './tokens.ts';

describe('tokens', () => {
  it('payloads never contain "-" or "_" in base64url, whatever the username', () => {
    const names = ['Вася', '>>>???~~~', 'a>b', 'ab>c', 'abc>d', '~~', '😀 эмодзи', 'plain'];
    for (const usn of names) {
      const t = sign({ tid: '00000000-0000-4000-8000-000000000001', uid: '00000000-0000-4000-8000-000000000002', usn, exp: 2e9, iat: 1e9 }, 'k'.repeat(16));
      const payload = t.split('.')[1];
      assert.doesNotMatch(payload, /[-_]/, usn);
      // Decoded the way the npm client does: atob after dropping non-base64 characters.
      assert.equal(JSON.parse(atob(payload)).usn, usn);
    }
  });

  it('escapes non-ASCII as \\u sequences', () => {
    assert.equal(asciiJson({ a: 'я>' }), '{"a":"\\u044f\\u003e"}');
  });

  it('verifies signature, shape and key', () => {
    const claims = { tid: 't', uid: '00000000-0000-4000-8000-000000000002', usn: 'u', exp: 2e9, iat: 1e9 };
    const t = sign(claims, 'key-one-key');
    assert.equal(verifySignature(t, 'key-one-key')?.usn, 'u');
    assert.equal(verifySignature(t, 'key-two-key'), null);
    assert.equal(verifySignature(t + 'x', 'key-one-key'), null);
    assert.equal(verifySignature(sign({ ...claims, uid: 'not-a-uuid' }, 'k'), 'k'), null);
    const none = Buffer.from('{"alg":"none"}').toString('base64url') + '.' + t.split('.')[1] + '.';
    assert.equal(verifySignature(none, 'key-one-key'), null);
  });
});

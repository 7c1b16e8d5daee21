import assert from 'node:assert/strict';
import crypto from 'node:crypto';
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

  it('refuses any spelling of a part other than its canonical base64url', () => {
    const key = 'key-one-key';
    const t = sign({ tid: 't', uid: '00000000-0000-4000-8000-000000000002', usn: 'u', exp: 2e9, iat: 1e9 }, key);
    const [h, p, sig] = t.split('.');
    assert.equal(sig.length, 43);
    assert.ok(verifySignature(t, key));
    // Bytes that lenient base64url decoding ignores, appended or spliced into the signature.
    for (const extra of ['=', '==', 'A', '.', ' ', '\n', '%3D', '+', '/', '\u0141']) {
      assert.equal(verifySignature(t + extra, key), null, `signature + ${JSON.stringify(extra)}`);
      assert.equal(verifySignature(`${h}.${p}.${sig.slice(0, 20)}${extra}${sig.slice(20)}`, key), null, `in signature ${JSON.stringify(extra)}`);
    }
    // The same bytes in the standard alphabet, or with the last character's unused bits set.
    const std = Buffer.from(sig, 'base64url').toString('base64').replace(/=+$/, '');
    if (std !== sig) assert.equal(verifySignature(`${h}.${p}.${std}`, key), null);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(sig[42]);
    for (let bits = 1; bits < 4; bits++) {
      const other = sig.slice(0, 42) + alphabet[last | bits];
      assert.deepEqual(Buffer.from(other, 'base64url'), Buffer.from(sig, 'base64url'), 'decodes to the same bytes');
      assert.equal(verifySignature(`${h}.${p}.${other}`, key), null);
    }
    assert.equal(verifySignature(`${h}.${p}.${sig.slice(0, 42)}`, key), null);
    assert.equal(verifySignature(`${h}.${p}.${sig}AAAA`, key), null);
    // Padding or stray characters in the header or payload, even when signed over as they are.
    const signed = (header: string, payload: string) =>
      `${header}.${payload}.` + crypto.createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
    assert.ok(verifySignature(signed(h, p), key), 'the canonical parts, re-signed, still pass');
    const otherHeader = Buffer.from('{"typ":"JWT","alg":"HS256"}').toString('base64url');
    assert.ok(verifySignature(signed(otherHeader, p), key), 'another canonical header passes');
    for (const [header, payload] of [
      [h + '=', p],
      [otherHeader + '=', p],
      [otherHeader + 'A', p],
      [h, p + '='],
      [h, p + '=='],
      [h, p + 'A'],
      [h, p + '*'],
      [h, p.slice(0, 10) + '+' + p.slice(11)],
      // The payload's last character with an unused bit set: the same bytes, spelt differently.
      ...(p.length % 4 === 0 ? [] : [[h, p.slice(0, -1) + alphabet[alphabet.indexOf(p[p.length - 1]) | 1]]]),
    ]) {
      assert.equal(verifySignature(signed(header, payload), key), null, `${header}.${payload}`);
    }
  });
});

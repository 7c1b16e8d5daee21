import { describe, expect, it } from 'vitest';
import { base64UrlBytes } from './web-push.ts';

describe('base64UrlBytes', () => {
  it('decodes the VAPID key as pushManager.subscribe takes it', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    const text = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect([...base64UrlBytes(text)]).toEqual([...bytes]);
    expect([...base64UrlBytes('-_8')]).toEqual([251, 255]);
  });
});

import { describe, expect, it } from 'vitest';
import { fileUrl, srcSetOf } from './file-url.ts';

describe('srcset of an image', () => {
  it('offers an upload in each width the server serves it in; the site’s own images as they are', () => {
    const url = fileUrl('0c6f1c52-6a3b-4bb4-9d4b-3c8e1c1f2a10');
    expect(srcSetOf(url)).toBe([160, 320, 640, 960, 1280].map((w) => `${url}?w=${w} ${w}w`).join(', '));
    expect(srcSetOf('/images/default-team.svg')).toBeUndefined();
  });
});

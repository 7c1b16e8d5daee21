import { describe, expect, it } from 'vitest';
import { checkImageFile, MAX_UPLOAD_BYTES } from './image.ts';

describe('image checks', () => {
  it('refuses files over 5 MB with the spec message', () => {
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(() => checkImageFile(big)).toThrow('Файл слишком большой (макс. 5MB)');
  });
  it('refuses non-images', () => {
    expect(() => checkImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).toThrow('Можно загружать только изображения');
  });
  it('accepts an image up to 5 MB', () => {
    expect(() => checkImageFile(new File([new Uint8Array(MAX_UPLOAD_BYTES)], 'ok.png', { type: 'image/png' }))).not.toThrow();
  });
});

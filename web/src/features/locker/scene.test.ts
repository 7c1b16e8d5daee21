import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitText, nameLabel } from './scene.ts';

/** A 2D context whose text is 20 px a character wide. */
function fakeContext() {
  return {
    font: '',
    fillStyle: '',
    textAlign: '',
    textBaseline: '',
    measureText: (s: string) => ({ width: [...s].length * 20 }),
    beginPath() {},
    roundRect() {},
    fill() {},
    fillText: vi.fn(),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('3D name labels', () => {
  it('keep a name that fits and cut a longer one with an ellipsis', () => {
    const ctx = fakeContext() as unknown as CanvasRenderingContext2D;
    expect(fitText(ctx, '9 Голов', 420)).toBe('9 Голов');
    expect(fitText(ctx, '77 Константинопольский-Заречный', 420)).toBe('77 Константинопольск…');
  });

  it('are as wide as their text, so no name is squeezed or cut by its sprite', () => {
    const ctx = fakeContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as RenderingContext);
    const short = nameLabel('9 Голов');
    const long = nameLabel('77 Константинопольский');
    // Canvas: the text and 14 px on each side, 60 px high; the sprite keeps that shape, 4.5 m high.
    expect(short.scale.y).toBe(4.5);
    expect(short.scale.x).toBeCloseTo((4.5 * (7 * 20 + 28)) / 60);
    expect(long.scale.x).toBeCloseTo((4.5 * (21 * 20 + 28)) / 60);
    expect(ctx.fillText).toHaveBeenLastCalledWith('77 Константинопольск…', expect.any(Number), expect.any(Number));
  });
});

import { describe, expect, it } from 'vitest';
import { BOX, layoutBracket } from './bracket-layout.ts';

const m = (slot: number, third_place = false) => ({ slot, third_place });

describe('layoutBracket', () => {
  it('puts rounds in columns, each match between the two before it, the third-place match under the final', () => {
    const l = layoutBracket([
      { round: 1, matches: [m(1), m(2), m(3), m(4)] },
      { round: 2, matches: [m(5), m(6)] },
      { round: 3, matches: [m(7), m(8, true)] },
    ]);
    expect(l.columns.map((c) => c.title)).toEqual(['1/4 финала', 'Полуфинал', 'Финал', 'Матч за 3-е место']);
    const box = (slot: number) => l.boxes.find((b) => b.match.slot === slot)!;
    expect(box(1).x).toBe(0);
    expect(box(5).x).toBe(BOX.width + BOX.gapX);
    // The semi-final is centred between the quarter-finals it follows.
    expect(box(5).y + BOX.height / 2).toBe((box(1).y + box(2).y) / 2 + BOX.height / 2);
    expect(box(7).y + BOX.height / 2).toBe((box(5).y + box(6).y) / 2 + BOX.height / 2);
    expect(box(8).x).toBe(box(7).x);
    expect(box(8).y).toBeGreaterThan(box(4).y);
    expect(l.height).toBeGreaterThan(box(8).y);
    expect(l.lines).toHaveLength(6);
    expect(l.width).toBe(3 * BOX.width + 2 * BOX.gapX);
  });

  it('draws nothing without rounds', () => {
    expect(layoutBracket([]).boxes).toEqual([]);
  });
});

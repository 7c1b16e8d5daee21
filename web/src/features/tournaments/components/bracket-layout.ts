// Where a cup's bracket draws its matches: a column per round, each match centred between the two it
// follows; the third-place match under the final. Pure, so it is tested without a browser.
import { cupRoundName } from '../../../shared/lib/match-events.ts';

export const BOX = { width: 200, height: 56, gapX: 40, gapY: 16, head: 28 };

interface LaidMatch<M> {
  match: M;
  x: number;
  y: number;
  round: number;
}

export interface BracketLayout<M> {
  width: number;
  height: number;
  columns: { x: number; title: string }[];
  boxes: LaidMatch<M>[];
  /** Connectors from a match to the one its winner plays next: polylines of points. */
  lines: [number, number][][];
}

export function layoutBracket<M extends { third_place: boolean }>(rounds: readonly { round: number; matches: readonly M[] }[]): BracketLayout<M> {
  const sorted = [...rounds].sort((a, b) => a.round - b.round);
  const n = sorted.length;
  const unit = BOX.height + BOX.gapY;
  const first = sorted[0]?.matches.filter((m) => !m.third_place).length ?? 0;
  const boxes: LaidMatch<M>[] = [];
  const lines: [number, number][][] = [];
  const columns = sorted.map((_r, c) => ({ x: c * (BOX.width + BOX.gapX), title: cupRoundName(c + 1, n) }));
  let height = BOX.head + Math.max(first, 1) * unit;
  sorted.forEach((r, c) => {
    const x = c * (BOX.width + BOX.gapX);
    const span = 2 ** c;
    const main = r.matches.filter((m) => !m.third_place);
    main.forEach((m, i) => {
      const y = BOX.head + (i * span + span / 2) * unit - unit / 2;
      boxes.push({ match: m, x, y, round: r.round });
      if (c > 0) {
        const cy = y + BOX.height / 2;
        for (const k of [0, 1]) {
          const py = BOX.head + ((2 * i + k) * (span / 2) + span / 4) * unit - unit / 2 + BOX.height / 2;
          const px = x - BOX.gapX;
          lines.push([
            [px, py],
            [px + BOX.gapX / 2, py],
            [px + BOX.gapX / 2, cy],
            [x, cy],
          ]);
        }
      }
    });
    const third = r.matches.find((m) => m.third_place);
    if (third) {
      const y = height + BOX.head;
      boxes.push({ match: third, x, y, round: r.round });
      columns.push({ x, title: cupRoundName(c + 1, n, true) });
      height = y + unit;
    }
  });
  // Column titles for the third-place match sit just above it.
  return { width: Math.max(n, 1) * (BOX.width + BOX.gapX) - BOX.gapX, height, columns, boxes, lines };
}

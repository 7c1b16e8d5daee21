// Round-robin fixtures by the circle method, with home and away balanced, and the dates of the rounds.
//
// Leg one is the canonical circle schedule (de Werra): the last team stays fixed and meets team r in
// round r, home in even rounds and away in odd ones; the others meet across the circle, (r+k) against
// (r−k), the home side alternating with k. For an even number of teams n this gives n−2 breaks (a
// break: two home or two away games in a row), the fewest any single round robin can have, and no
// team has two breaks in a row. An odd number of teams adds a phantom as the fixed team: whoever meets
// it rests that round (a bye), every team exactly once per leg, and nobody has a break.
//
// Leg two plays the same pairings with home and guest swapped, in the order 2, 1, m, m−1, …, 3 of leg
// one's m rounds. Replaying leg one in order would make 3n−6 breaks and give some teams three home or
// three away games in a row across the two legs; reversing it would make the last pair of leg one
// meet again at once. This order keeps two in a row at most and no pair in consecutive rounds (two
// teams aside), with 2n−2 breaks for even n from four teams (2 for odd n): the fewest of any order of
// leg one's mirrored rounds that keeps those two rules, as the tests check exhaustively up to 8 teams.
import { invalid } from '@tribuna/server';
import { shuffled } from './random.ts';

/** @internal */
export interface Pairing {
  home: string;
  guest: string;
}

export interface RoundRobin {
  /** The games of each round, in playing order. */
  rounds: Pairing[][];
  /** Per round, the team that rests (an odd number of teams), or null. */
  byes: (string | null)[];
}

export interface RoundRobinOptions {
  /** Two legs: everyone meets everyone at home and away. */
  doubleRound: boolean;
  /** Shuffle the teams with this seed first; without it, the order given decides the schedule. */
  seed?: number;
}

/** @internal */
export const TOO_FEW_TEAMS = 'Для расписания нужны хотя бы две команды.';
/** @internal */
export const DUPLICATE_TEAM = 'Одна и та же команда указана дважды.';

/** Every pair of teams meets once per leg; deterministic for a given order (and seed). */
export function roundRobin(teamIds: readonly string[], opts: RoundRobinOptions): RoundRobin {
  if (teamIds.length < 2) throw invalid(TOO_FEW_TEAMS);
  if (new Set(teamIds).size !== teamIds.length) throw invalid(DUPLICATE_TEAM);
  const teams = opts.seed === undefined ? [...teamIds] : shuffled(teamIds, opts.seed);
  // With an odd count, index teams.length is the phantom: meeting it is a bye.
  const size = teams.length % 2 === 0 ? teams.length : teams.length + 1;
  const legOne = circleRounds(size);
  const order = opts.doubleRound ? secondLegOrder(legOne.length) : [];
  const indexRounds = [...legOne, ...order.map((r) => legOne[r].map(([h, g]) => [g, h] as const))];

  const rounds: Pairing[][] = [];
  const byes: (string | null)[] = [];
  for (const round of indexRounds) {
    const games: Pairing[] = [];
    let bye: string | null = null;
    for (const [h, g] of round) {
      if (h === teams.length) bye = teams[g];
      else if (g === teams.length) bye = teams[h];
      else games.push({ home: teams[h], guest: teams[g] });
    }
    rounds.push(games);
    byes.push(bye);
  }
  return { rounds, byes };
}

/** Leg one over team indexes 0..size−1 (size even): size−1 rounds of [home, guest] pairs. */
function circleRounds(size: number): (readonly [number, number])[][] {
  const m = size - 1;
  const fixed = size - 1;
  const rounds: (readonly [number, number])[][] = [];
  for (let r = 0; r < m; r++) {
    const games: (readonly [number, number])[] = [r % 2 === 0 ? [r, fixed] : [fixed, r]];
    for (let k = 1; k < size / 2; k++) {
      const a = (r + k) % m;
      const b = (r - k + m) % m;
      games.push(k % 2 === 1 ? [a, b] : [b, a]);
    }
    rounds.push(games);
  }
  return rounds;
}

/** Leg one's round indexes in leg two's order: 2, 1, m, m−1, …, 3 (1-based). */
function secondLegOrder(m: number): number[] {
  if (m === 1) return [0];
  const rest = Array.from({ length: m - 2 }, (_, i) => m - 1 - i);
  return [1, 0, ...rest];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The start of each of count rounds: the first at start, each next intervalDays later. A day is 24
 * hours: the portal keeps instants, and Moscow time has no daylight saving to shift them.
 */
export function dateRounds(start: Date, intervalDays: number, count: number): Date[] {
  if (!Number.isInteger(intervalDays) || intervalDays < 1 || intervalDays > 365) {
    throw invalid('Интервал между турами: целое число дней от 1 до 365.');
  }
  if (Number.isNaN(start.getTime())) throw invalid('Укажите дату начала.');
  return Array.from({ length: count }, (_, i) => new Date(start.getTime() + i * intervalDays * DAY_MS));
}

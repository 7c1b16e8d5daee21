// Round-robin fixtures: properties over 2 to 20 teams and both legs (fast-check, fixed seed), the
// fewest breaks checked exhaustively against every other order of the second leg, and round dates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AppError } from '@tribuna/server';
import { dateRounds, DUPLICATE_TEAM, roundRobin, TOO_FEW_TEAMS, type Pairing } from './fixtures.ts';

const FC = { seed: 20260501, numRuns: 200 } as const;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
const pairKey = (p: Pairing) => [p.home, p.guest].sort().join('|');

/** Each team's home (H) and away (A) games in playing order; byes are skipped. */
function homeAway(teams: string[], rounds: Pairing[][]): Map<string, string> {
  const seq = new Map(teams.map((t) => [t, '']));
  for (const round of rounds) {
    for (const g of round) {
      seq.set(g.home, seq.get(g.home) + 'H');
      seq.set(g.guest, seq.get(g.guest) + 'A');
    }
  }
  return seq;
}

const breaks = (seq: string) => [...seq].filter((c, i) => i > 0 && c === seq[i - 1]).length;
const totalBreaks = (teams: string[], rounds: Pairing[][]) => [...homeAway(teams, rounds).values()].reduce((s, q) => s + breaks(q), 0);
const rematchInARow = (rounds: Pairing[][]) =>
  rounds.some((round, i) => i > 0 && round.some((g) => rounds[i - 1].some((p) => pairKey(p) === pairKey(g))));

/** The checks every schedule must pass. */
function checkSchedule(teams: string[], doubleRound: boolean, seed?: number): void {
  const n = teams.length;
  const { rounds, byes } = roundRobin(teams, { doubleRound, seed });
  const legRounds = n % 2 === 0 ? n - 1 : n;
  assert.equal(rounds.length, legRounds * (doubleRound ? 2 : 1));
  assert.equal(byes.length, rounds.length);

  // Every pair exactly once per leg; in two legs, once at each ground.
  for (const leg of doubleRound ? [rounds.slice(0, legRounds), rounds.slice(legRounds)] : [rounds]) {
    const pairs = leg.flat().map(pairKey);
    assert.equal(pairs.length, (n * (n - 1)) / 2);
    assert.equal(new Set(pairs).size, pairs.length, 'a pair meets twice in one leg');
  }
  if (doubleRound) {
    const grounds = rounds.flat().map((g) => `${g.home}>${g.guest}`);
    assert.equal(new Set(grounds).size, n * (n - 1), 'a pair meets twice at the same ground');
  }

  // Each team at most once per round; every team plays or rests, and a bye only with an odd count.
  rounds.forEach((round, r) => {
    const playing = round.flatMap((g) => [g.home, g.guest]);
    assert.equal(new Set(playing).size, playing.length, `a team plays twice in round ${r + 1}`);
    if (n % 2 === 0) assert.equal(byes[r], null);
    else {
      assert.ok(byes[r] !== null && !playing.includes(byes[r]!));
      assert.equal(playing.length, n - 1);
    }
  });
  if (n % 2 === 1) {
    const count = new Map<string, number>();
    for (const b of byes) count.set(b!, (count.get(b!) ?? 0) + 1);
    assert.deepEqual(new Set(count.values()), new Set([doubleRound ? 2 : 1]), 'byes are shared unevenly');
    assert.equal(count.size, n);
  }

  // Never three home or three away games in a row; no pair meets in consecutive rounds (but two teams).
  for (const [team, seq] of homeAway(teams, rounds)) {
    assert.ok(!/HHH|AAA/.test(seq), `${team} plays ${seq}`);
  }
  if (n > 2) assert.ok(!rematchInARow(rounds));

  // The fewest breaks: n−2 in one leg (the minimum for even n), none for odd n; see fixtures.ts for two.
  const expected = n === 2 ? 0 : n % 2 === 0 ? (doubleRound ? 2 * n - 2 : n - 2) : doubleRound ? 2 : 0;
  assert.equal(totalBreaks(teams, rounds), expected);
  if (doubleRound) assert.equal(totalBreaks(teams, rounds.slice(0, legRounds)), n % 2 === 0 ? n - 2 : 0);
}

describe('roundRobin', () => {
  it('schedules every count from 2 to 20 teams, one leg and two, in the given order', () => {
    for (let n = 2; n <= 20; n++) for (const doubleRound of [false, true]) checkSchedule(ids(n), doubleRound);
  });

  it('keeps every rule for any team ids and any shuffle (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 2, maxLength: 20 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { nil: undefined }),
        (teams, doubleRound, seed) => checkSchedule(teams, doubleRound, seed),
      ),
      FC,
    );
  });

  it('is deterministic for an order and a seed, and a seed reorders the teams', () => {
    const teams = ids(8);
    assert.deepEqual(roundRobin(teams, { doubleRound: true }), roundRobin(teams, { doubleRound: true }));
    assert.deepEqual(roundRobin(teams, { doubleRound: false, seed: 7 }), roundRobin(teams, { doubleRound: false, seed: 7 }));
    assert.notDeepEqual(roundRobin(teams, { doubleRound: false, seed: 7 }), roundRobin(teams, { doubleRound: false }));
  });

  it('mirrors leg one in leg two: same pairings, home and guest swapped, rounds 2, 1, m, …, 3', () => {
    for (const n of [2, 3, 4, 7, 10]) {
      const one = roundRobin(ids(n), { doubleRound: false }).rounds;
      const two = roundRobin(ids(n), { doubleRound: true }).rounds.slice(one.length);
      const m = one.length;
      const order = m === 1 ? [0] : [1, 0, ...Array.from({ length: m - 2 }, (_, i) => m - 1 - i)];
      assert.deepEqual(two, order.map((r) => one[r].map((g) => ({ home: g.guest, guest: g.home }))));
    }
  });

  it('has the fewest breaks of any order of the mirrored rounds that keeps the rules (4 to 8 teams)', () => {
    for (const n of [4, 6, 8]) {
      const teams = ids(n);
      const one = roundRobin(teams, { doubleRound: false }).rounds;
      const mirrored = one.map((round) => round.map((g) => ({ home: g.guest, guest: g.home })));
      const ours = totalBreaks(teams, roundRobin(teams, { doubleRound: true }).rounds);
      let fewest = Infinity;
      for (const order of permutations(mirrored.length)) {
        const rounds = [...one, ...order.map((r) => mirrored[r])];
        const runs = [...homeAway(teams, rounds).values()].some((s) => /HHH|AAA/.test(s));
        if (!runs && !rematchInARow(rounds)) fewest = Math.min(fewest, totalBreaks(teams, rounds));
      }
      assert.equal(ours, fewest, `${n} teams`);
    }
  });

  it('refuses fewer than two teams and a team given twice', () => {
    assert.throws(() => roundRobin(['a'], { doubleRound: false }), (e) => e instanceof AppError && e.message === TOO_FEW_TEAMS);
    assert.throws(() => roundRobin(['a', 'b', 'a'], { doubleRound: false }), (e) => e instanceof AppError && e.message === DUPLICATE_TEAM);
  });
});

function* permutations(n: number): Generator<number[]> {
  const a = Array.from({ length: n }, (_, i) => i);
  // Heap's algorithm.
  const c = new Array(n).fill(0);
  yield [...a];
  let i = 0;
  while (i < n) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [a[j], a[i]] = [a[i], a[j]];
      yield [...a];
      c[i]++;
      i = 0;
    } else {
      c[i] = 0;
      i++;
    }
  }
}

describe('dateRounds', () => {
  it('dates each round from the start by the interval', () => {
    const start = new Date('2026-05-02T12:00:00.000Z');
    assert.deepEqual(
      dateRounds(start, 7, 3).map((d) => d.toISOString()),
      ['2026-05-02T12:00:00.000Z', '2026-05-09T12:00:00.000Z', '2026-05-16T12:00:00.000Z'],
    );
    assert.deepEqual(dateRounds(start, 1, 0), []);
  });

  it('refuses an interval that is not a whole number of days from 1 to 365', () => {
    for (const bad of [0, -7, 1.5, 366, Number.NaN]) {
      assert.throws(() => dateRounds(new Date(), bad, 3), AppError);
    }
  });
});

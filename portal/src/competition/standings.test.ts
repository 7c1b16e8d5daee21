// The league table: tie-breakers on constructed tables, and properties of any table (fast-check).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { standings, type Cards, type PlacedBy, type StandingResult, type StandingRow, type StandingTeam } from './standings.ts';

const FC = { seed: 20260502, numRuns: 300 } as const;

/** Teams named by their ids, unless a name is given. */
const teams = (ids: string, names: Record<string, string> = {}): StandingTeam[] =>
  ids.split(' ').map((id) => ({ id, name: names[id] ?? id }));

/** 'A 1:0 B' is a home win of A. */
const games = (...lines: string[]): StandingResult[] =>
  lines.map((line) => {
    const [home, score, guest] = line.split(' ');
    const [homeGoals, guestGoals] = score.split(':').map(Number);
    return { home, guest, homeGoals, guestGoals };
  });

const order = (rows: StandingRow[]) => rows.map((r) => r.team_id).join(' ');
const rules = (rows: StandingRow[]): PlacedBy[] => rows.map((r) => r.placed_by);
const texts = (rows: StandingRow[]) => rows.map((r) => r.placed_by_text);
const noCards = new Map<string, Cards>();

describe('standings', () => {
  it('counts played, won, drawn, lost, goals and points (3 a win, 1 a draw), teams without games at zero', () => {
    const rows = standings(teams('A B C'), games('A 2:1 B', 'B 1:1 A'), noCards);
    assert.deepEqual(rows[0], {
      position: 1, team_id: 'A', played: 2, won: 1, drawn: 1, lost: 0, goals_for: 3, goals_against: 2, goal_difference: 1, points: 4,
      placed_by: 'none', placed_by_text: null,
    });
    assert.deepEqual(rows[2], {
      position: 3, team_id: 'C', played: 0, won: 0, drawn: 0, lost: 0, goals_for: 0, goals_against: 0, goal_difference: 0, points: 0,
      placed_by: 'none', placed_by_text: null,
    });
  });

  it('settles a three-way tie by head-to-head points, ahead of a better goal difference', () => {
    // A, B and C have 6 points each; among them A won both, B beat C. Overall, C's goal difference is
    // the best and A's the worst.
    const rows = standings(
      teams('A B C D E'),
      games('A 1:0 B', 'A 1:0 C', 'B 2:0 C', 'A 0:5 E', 'B 3:0 D', 'C 4:0 D', 'C 4:0 E'),
      noCards,
    );
    assert.equal(order(rows), 'A B C E D');
    assert.deepEqual(rows.map((r) => [r.points, r.goal_difference]), [[6, -3], [6, 4], [6, 5], [3, 1], [0, -7]]);
    assert.deepEqual(rules(rows), ['head_to_head_points', 'head_to_head_points', 'head_to_head_points', 'none', 'none']);
    assert.deepEqual(texts(rows), ['выше по личным встречам', 'выше по личным встречам', 'ниже по личным встречам', null, null]);
  });

  it('falls through to overall goal difference when the games between them are all alike', () => {
    // Three 1:1 draws among A, B and C; each beat D, by different margins.
    const rows = standings(teams('A B C D'), games('A 1:1 B', 'B 1:1 C', 'C 1:1 A', 'D 0:1 C', 'D 0:3 A', 'D 0:2 B'), noCards);
    assert.equal(order(rows), 'A B C D');
    assert.deepEqual(rules(rows), ['goal_difference', 'goal_difference', 'goal_difference', 'none']);
    assert.deepEqual(texts(rows).slice(0, 3), ['по разнице мячей', 'по разнице мячей', 'по разнице мячей']);
  });

  it('separates two teams by the goal difference of their games, ahead of the overall one', () => {
    // A and B won one each, A by more; B is better overall.
    const level = standings(teams('A B C'), games('A 3:0 B', 'B 1:0 A', 'B 6:0 C', 'C 0:1 A'), noCards);
    assert.equal(order(level), 'A B C');
    assert.equal(level[0].points, level[1].points);
    assert.ok(level[1].goal_difference > level[0].goal_difference);
    assert.deepEqual(rules(level).slice(0, 2), ['head_to_head_goal_difference', 'head_to_head_goal_difference']);
    assert.equal(level[0].placed_by_text, 'по разнице мячей в личных встречах');
  });

  it('separates a three-way tie by goals scored in their games, ahead of overall goals', () => {
    // All three draws among A, B and C; A scored most in them. Overall, C scored most.
    const rows = standings(teams('A B C D'), games('A 2:2 B', 'A 1:1 C', 'B 0:0 C', 'A 0:1 D', 'B 0:1 D', 'C 4:5 D'), noCards);
    assert.equal(order(rows), 'D A B C');
    assert.ok(rows[3].goals_for > rows[1].goals_for);
    assert.deepEqual(rules(rows), ['none', 'head_to_head_goals', 'head_to_head_goals', 'head_to_head_goals']);
    assert.equal(rows[1].placed_by_text, 'по забитым в личных встречах');
  });

  it('ranks a part still level again by its own games (recursive head-to-head)', () => {
    // A, B, C and D have 9 points. Among the four, A won all three and B, C and D are level on everything;
    // among B, C and D alone, goal difference orders them B, D, C. Overall (and by name), that order
    // would not come out: B, C and D are level on goal difference and goals, and C's name comes first.
    const names = { A: 'Торпедо', B: 'Волга', C: 'Алания', D: 'Динамо', E: 'Енисей', F: 'Факел' };
    const rows = standings(
      teams('A B C D E F', names),
      games(
        'A 3:0 B', 'A 2:1 C', 'A 3:1 D', 'B 2:0 C', 'C 1:0 D', 'D 1:0 B',
        'E 1:0 A', 'F 1:0 A', 'B 1:0 E', 'B 1:0 F', 'C 1:0 E', 'C 1:0 F', 'D 1:0 E', 'D 1:0 F',
      ),
      noCards,
    );
    assert.equal(order(rows), 'A B D C E F');
    assert.deepEqual(rows.slice(0, 4).map((r) => r.points), [9, 9, 9, 9]);
    assert.deepEqual(rows.slice(1, 4).map((r) => [r.goal_difference, r.goals_for]), [[0, 4], [0, 4], [0, 4]]);
    assert.deepEqual(rules(rows), [
      'head_to_head_points', 'head_to_head_goal_difference', 'head_to_head_goal_difference', 'head_to_head_goal_difference', 'name', 'name',
    ]);
    // E and F never met: an empty mini-table splits nothing, and they are level on everything else.
    assert.deepEqual(texts(rows).slice(4), ['по алфавиту', 'по алфавиту']);
  });

  it('places the team with fewer cards higher, a red counting as three yellows', () => {
    const level = teams('X Y Z');
    const results = games('X 1:0 Z', 'Y 1:0 Z');
    const cards = (x: Cards, y: Cards) => new Map([['X', x], ['Y', y]]);
    // Two yellows weigh less than one red; four weigh more.
    assert.equal(order(standings(level, results, cards({ yellow: 2, red: 0 }, { yellow: 0, red: 1 }))), 'X Y Z');
    assert.equal(order(standings(level, results, cards({ yellow: 4, red: 0 }, { yellow: 0, red: 1 }))), 'Y X Z');
    const rows = standings(level, results, cards({ yellow: 3, red: 1 }, { yellow: 5, red: 0 }));
    assert.equal(order(rows), 'Y X Z');
    assert.deepEqual(texts(rows).slice(0, 2), ['по дисциплине (меньше карточек)', 'по дисциплине (меньше карточек)']);
    // Cards only for teams that got some: the other has none.
    assert.equal(order(standings(level, results, new Map([['X', { yellow: 1, red: 0 }]]))), 'Y X Z');
  });

  it('orders teams level on everything by name in Russian alphabetical order', () => {
    const names = { a: 'Яуза', b: 'Ёлка', c: 'Арсенал', d: 'Жемчужина', e: 'Дон' };
    const rows = standings(teams('a b c d e', names), [], noCards);
    assert.deepEqual(rows.map((r) => names[r.team_id as keyof typeof names]), ['Арсенал', 'Дон', 'Ёлка', 'Жемчужина', 'Яуза']);
    assert.deepEqual(rules(rows), ['name', 'name', 'name', 'name', 'name']);
    assert.equal(rows[4].placed_by_text, 'по алфавиту');
  });

  it('keeps teams with the same name in the order of their ids, placed by no rule', () => {
    const rows = standings([{ id: 'b', name: 'Спартак' }, { id: 'a', name: 'Спартак' }], [], noCards);
    assert.equal(order(rows), 'a b');
    assert.deepEqual(rules(rows), ['none', 'none']);
  });

  it('refuses a result of a team that is not in the table', () => {
    assert.throws(() => standings(teams('A B'), games('A 1:0 Q'), noCards));
  });
});

describe('standings, any table (fast-check)', () => {
  const table = fc.integer({ min: 1, max: 10 }).chain((n) => {
    const ids = Array.from({ length: n }, (_, i) => `t${i}`);
    const game = fc.record({
      home: fc.constantFrom(...ids),
      guest: fc.constantFrom(...ids),
      homeGoals: fc.nat(6),
      guestGoals: fc.nat(6),
    }).filter((g) => g.home !== g.guest);
    return fc.record({
      teams: fc.constant(ids.map((id) => ({ id, name: `Команда ${id.length % 2 ? 'А' : 'Б'}${id}` }))),
      results: n > 1 ? fc.array(game, { maxLength: 40 }) : fc.constant<StandingResult[]>([]),
      cards: fc.array(fc.record({ yellow: fc.nat(5), red: fc.nat(2) }), { minLength: n, maxLength: n }),
    });
  });

  it('sums up: points are 3W + D, goals balance, positions are a permutation, points never rise', () => {
    fc.assert(
      fc.property(table, ({ teams: ts, results, cards }) => {
        const rows = standings(ts, results, new Map(ts.map((t, i) => [t.id, cards[i]])));
        assert.deepEqual(rows.map((r) => r.position), ts.map((_, i) => i + 1));
        assert.deepEqual(rows.map((r) => r.team_id).sort(), ts.map((t) => t.id).sort());
        const goals = results.reduce((s, g) => s + g.homeGoals + g.guestGoals, 0);
        assert.equal(rows.reduce((s, r) => s + r.goals_for, 0), goals);
        assert.equal(rows.reduce((s, r) => s + r.goals_against, 0), goals);
        assert.equal(rows.reduce((s, r) => s + r.played, 0), 2 * results.length);
        for (const r of rows) {
          assert.equal(r.points, 3 * r.won + r.drawn);
          assert.equal(r.played, r.won + r.drawn + r.lost);
          assert.equal(r.goal_difference, r.goals_for - r.goals_against);
        }
        rows.forEach((r, i) => {
          if (i > 0) assert.ok(rows[i - 1].points >= r.points);
          const shared = rows.filter((o) => o.points === r.points).length > 1;
          assert.equal(r.placed_by === 'none', r.placed_by_text === null);
          if (!shared) assert.equal(r.placed_by, 'none');
        });
      }),
      FC,
    );
  });

  it('does not depend on the order of the results or of the teams', () => {
    fc.assert(
      fc.property(table, fc.integer(), ({ teams: ts, results, cards }, seed) => {
        const cardMap = new Map(ts.map((t, i) => [t.id, cards[i]]));
        const rotate = <T>(a: T[]) => (a.length ? [...a.slice(Math.abs(seed) % a.length), ...a.slice(0, Math.abs(seed) % a.length)] : a);
        assert.deepEqual(standings(rotate(ts), rotate(results), cardMap), standings(ts, results, cardMap));
      }),
      FC,
    );
  });
});

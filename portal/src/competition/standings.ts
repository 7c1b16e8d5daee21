// A league table from confirmed results: 3 points a win, 1 a draw. Teams level on points are ordered
// the UEFA way: first by a mini-table of the games between them only (points, then goal difference,
// then goals scored); any subset still level gets a mini-table of its own games, again and again while
// that splits it; a subset the mini-table no longer splits goes by overall goal difference, overall
// goals scored, fewer cards, then name in Russian alphabetical order.
//
// Each row says which rule placed it among the teams level with it on points: the rule that put it
// above the next team, or, for the last of them, the rule that put the team above it higher.

export interface StandingTeam {
  id: string;
  name: string;
}

export interface StandingResult {
  home: string;
  guest: string;
  homeGoals: number;
  guestGoals: number;
}

export interface Cards {
  yellow: number;
  red: number;
}

/** The rule that decided a row's place; none when no other team has as many points. */
export type PlacedBy =
  | 'head_to_head_points'
  | 'head_to_head_goal_difference'
  | 'head_to_head_goals'
  | 'goal_difference'
  | 'goals_for'
  | 'cards'
  | 'name'
  | 'none';

export interface StandingRow {
  position: number;
  team_id: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goals_for: number;
  goals_against: number;
  goal_difference: number;
  points: number;
  placed_by: PlacedBy;
  /** The rule in Russian, for the table's reader; null with none. */
  placed_by_text: string | null;
}

const TEXT: Record<Exclude<PlacedBy, 'none' | 'head_to_head_points'>, string> = {
  head_to_head_goal_difference: 'по разнице мячей в личных встречах',
  head_to_head_goals: 'по забитым в личных встречах',
  goal_difference: 'по разнице мячей',
  goals_for: 'по забитым мячам',
  cards: 'по дисциплине (меньше карточек)',
  name: 'по алфавиту',
};

/**
 * Fewer cards places higher. A red card counts as three yellows, as in FIFA's fair-play count (an
 * indirect red is −3 there): one red weighs more than two yellows, less than four.
 */
const cardPoints = (c: Cards | undefined) => (c ? c.yellow + 3 * c.red : 0);

const collator = new Intl.Collator('ru');

interface Line {
  team: StandingTeam;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  cards: number;
}

const points = (l: Pick<Line, 'won' | 'drawn'>) => 3 * l.won + l.drawn;

/** One criterion: its code and a comparison that is negative when a places higher than b. */
type Criterion = [PlacedBy, (a: Line, b: Line) => number];

/** The order of a group and, between each two neighbours, the rule that separated them. */
interface Ranked {
  order: Line[];
  between: PlacedBy[];
}

export function standings(teams: readonly StandingTeam[], results: readonly StandingResult[], cards: ReadonlyMap<string, Cards>): StandingRow[] {
  const lines = new Map<string, Line>();
  for (const team of teams) {
    if (lines.has(team.id)) throw new Error(`team ${team.id} is listed twice`);
    lines.set(team.id, { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, cards: cardPoints(cards.get(team.id)) });
  }
  for (const r of results) {
    const home = lines.get(r.home);
    const guest = lines.get(r.guest);
    if (!home || !guest) throw new Error(`a result names a team that is not in the table: ${r.home} – ${r.guest}`);
    tally(home, r.homeGoals, r.guestGoals);
    tally(guest, r.guestGoals, r.homeGoals);
  }

  const byPoints = [...lines.values()].sort((a, b) => points(b) - points(a));
  const rows: StandingRow[] = [];
  for (let start = 0; start < byPoints.length; ) {
    let end = start + 1;
    while (end < byPoints.length && points(byPoints[end]) === points(byPoints[start])) end++;
    const { order, between } = rank(byPoints.slice(start, end), results, true);
    order.forEach((line, i) => {
      const last = i === order.length - 1;
      const rule = order.length === 1 ? 'none' : last ? between[i - 1] : between[i];
      rows.push(row(line, rows.length + 1, rule, last));
    });
    start = end;
  }
  return rows;
}

function tally(line: Line, scored: number, conceded: number): void {
  line.played++;
  line.goalsFor += scored;
  line.goalsAgainst += conceded;
  if (scored > conceded) line.won++;
  else if (scored === conceded) line.drawn++;
  else line.lost++;
}

/**
 * Orders teams level on points. With headToHead, a mini-table of their games comes first, and each
 * part it leaves level is ranked again by its own games; a group it does not split goes by the
 * overall criteria.
 */
function rank(group: Line[], results: readonly StandingResult[], headToHead: boolean): Ranked {
  if (group.length === 1) return { order: group, between: [] };
  if (headToHead) {
    const mini = miniTable(group, results);
    const h2h: Criterion[] = [
      ['head_to_head_points', (a, b) => points(mini.get(b)!) - points(mini.get(a)!)],
      ['head_to_head_goal_difference', (a, b) => diff(mini.get(b)!) - diff(mini.get(a)!)],
      ['head_to_head_goals', (a, b) => mini.get(b)!.goalsFor - mini.get(a)!.goalsFor],
    ];
    const parts = split(group, h2h);
    if (parts.parts.length > 1) {
      const order: Line[] = [];
      const between: PlacedBy[] = [];
      parts.parts.forEach((part, i) => {
        const ranked = rank(part, results, true);
        if (i > 0) between.push(parts.between[i - 1]);
        order.push(...ranked.order);
        between.push(...ranked.between);
      });
      return { order, between };
    }
  }
  const overall: Criterion[] = [
    ['goal_difference', (a, b) => diff(b) - diff(a)],
    ['goals_for', (a, b) => b.goalsFor - a.goalsFor],
    ['cards', (a, b) => a.cards - b.cards],
    ['name', (a, b) => collator.compare(a.team.name, b.team.name)],
  ];
  const parts = split(group, overall);
  // Level on everything, name included: a stable order by id, placed by no rule.
  const order: Line[] = [];
  const between: PlacedBy[] = [];
  parts.parts.forEach((part, i) => {
    if (i > 0) between.push(parts.between[i - 1]);
    part.sort((a, b) => (a.team.id < b.team.id ? -1 : 1));
    order.push(...part);
    between.push(...part.slice(1).map(() => 'none' as const));
  });
  return { order, between };
}

const diff = (l: Pick<Line, 'goalsFor' | 'goalsAgainst'>) => l.goalsFor - l.goalsAgainst;

/** The games among the group's teams only, tallied per team. */
function miniTable(group: Line[], results: readonly StandingResult[]): Map<Line, Line> {
  const byId = new Map(group.map((l) => [l.team.id, { ...l, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 }]));
  for (const r of results) {
    const home = byId.get(r.home);
    const guest = byId.get(r.guest);
    if (!home || !guest) continue;
    tally(home, r.homeGoals, r.guestGoals);
    tally(guest, r.guestGoals, r.homeGoals);
  }
  return new Map(group.map((l) => [l, byId.get(l.team.id)!]));
}

/**
 * Sorts the group by the criteria in turn and cuts it where neighbours differ: the parts still level
 * on every criterion, and between each two parts the first criterion that told them apart.
 */
function split(group: Line[], criteria: Criterion[]): { parts: Line[][]; between: PlacedBy[] } {
  const first = (a: Line, b: Line) => criteria.find(([, cmp]) => cmp(a, b) !== 0);
  const sorted = [...group].sort((a, b) => {
    const c = first(a, b);
    return c ? c[1](a, b) : 0;
  });
  const parts: Line[][] = [[sorted[0]]];
  const between: PlacedBy[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const c = first(sorted[i - 1], sorted[i]);
    if (c) {
      parts.push([sorted[i]]);
      between.push(c[0]);
    } else parts[parts.length - 1].push(sorted[i]);
  }
  return { parts, between };
}

function row(l: Line, position: number, rule: PlacedBy, last: boolean): StandingRow {
  let text: string | null = null;
  if (rule === 'head_to_head_points') text = last ? 'ниже по личным встречам' : 'выше по личным встречам';
  else if (rule !== 'none') text = TEXT[rule];
  return {
    position,
    team_id: l.team.id,
    played: l.played,
    won: l.won,
    drawn: l.drawn,
    lost: l.lost,
    goals_for: l.goalsFor,
    goals_against: l.goalsAgainst,
    goal_difference: diff(l),
    points: points(l),
    placed_by: rule,
    placed_by_text: text,
  };
}

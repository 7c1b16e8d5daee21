// A cup's single-elimination bracket, kept by brackets-manager in our competition_bracket table: the
// library builds the rounds, places byes and moves winners on; we add football's rules on top. A slot
// is the library's match id, unique within the tournament.
//
// Results: a drawn match is decided by a penalty shoot-out, whose score is kept beside the goals. A
// correction that keeps the winner only changes the score. One that changes the winner moves the new
// winner on in the old one's place (and, before a third-place match, the new loser there); if a later
// match of either team has a result already, the correction is refused unless forced (the tournament's
// creator may), and then those later results are cleared, the latest first.
import { failedPrecondition, invalid, notFound, type Queryable } from '@tribuna/server';
import { BracketsManager, helpers, type DataTypes } from 'brackets-manager';
import { lockTournament, TOURNAMENT_NOT_FOUND } from '../tournaments/index.ts';
import { SqlBracketStorage } from './bracket-storage.ts';

type Match = DataTypes['match'];

export interface BracketMatch {
  slot: number;
  /** Null while the team is not known yet, or for a bye. */
  home_team_id: string | null;
  guest_team_id: string | null;
  winner_team_id: string | null;
  home_score: number | null;
  guest_score: number | null;
  home_penalties: number | null;
  guest_penalties: number | null;
  /** One side is a bye: the other team goes on without a game. */
  bye: boolean;
  third_place: boolean;
}

interface BracketRound {
  round: number;
  matches: BracketMatch[];
}

export interface Bracket {
  /** From the first round to the final; the third-place match, if any, is in the final's round. */
  rounds: BracketRound[];
}

export interface CupScore {
  homeScore: number;
  guestScore: number;
  /** Only for a drawn match, and then both. */
  homePenalties?: number;
  guestPenalties?: number;
}

export interface ReportOutcome {
  winner_team_id: string;
  /** Slots whose results the correction cleared, the latest first. */
  cleared: number[];
}

/** @internal */
export const BRACKET_TOO_FEW = 'Для сетки нужны хотя бы две команды.';
/** @internal */
export const BRACKET_DUPLICATE = 'Одна и та же команда указана в сетке дважды.';
/** @internal */
export const THIRD_PLACE_TOO_FEW = 'Матч за третье место возможен, когда в сетке не меньше четырёх команд.';
export const BRACKET_HAS_RESULTS = 'Сетку нельзя построить заново: в ней уже есть результаты.';
/** @internal */
export const SLOT_NOT_FOUND = 'Матч сетки не найден.';
/** @internal */
export const SLOT_BYE = 'В этом матче нет соперника: команда проходит дальше без игры.';
/** @internal */
export const SLOT_NOT_READY = 'Соперники в этом матче ещё не определены.';
/** @internal */
export const BAD_SCORE = 'Счёт матча — целые числа от 0 до 99.';
export const PENALTIES_NEEDED = 'Кубковый матч не может закончиться вничью: укажите счёт серии пенальти.';
export const PENALTIES_DRAWN = 'В серии пенальти должен быть победитель.';
export const PENALTIES_NOT_DRAWN = 'Серия пенальти бывает только после ничьей.';
/** @internal */
export const LATER_RESULTS =
  'Нельзя сменить победителя: следующий матч сетки уже сыгран. Организатор турнира может исправить результат, и тогда результаты следующих матчей будут сброшены.';

/**
 * A new bracket of the teams in seeded order (first seed first), replacing one that has no result
 * yet. The size is the next power of two: the top seeds get the byes.
 */
export async function createBracket(q: Queryable, tournamentId: string, teamIds: readonly string[], opts: { thirdPlace: boolean }): Promise<Bracket> {
  await lock(q, tournamentId);
  if (teamIds.length < 2) throw invalid(BRACKET_TOO_FEW);
  if (new Set(teamIds).size !== teamIds.length) throw invalid(BRACKET_DUPLICATE);
  if (opts.thirdPlace && teamIds.length < 4) throw invalid(THIRD_PLACE_TOO_FEW);
  const storage = new SqlBracketStorage(q, tournamentId);
  const matches = (await storage.select('match')) ?? [];
  if (matches.some(played)) throw failedPrecondition(BRACKET_HAS_RESULTS);
  await q.execute('DELETE FROM competition_bracket WHERE tournament_id = $1', [tournamentId]);

  const size = 2 ** Math.ceil(Math.log2(teamIds.length));
  await new BracketsManager(storage).create.stage({
    tournamentId,
    name: 'Кубок',
    type: 'single_elimination',
    seeding: [...teamIds],
    settings: { size, seedOrdering: ['inner_outer'], consolationFinal: opts.thirdPlace },
  });
  return (await readBracket(storage))!;
}

/** The bracket, or null when the tournament has none. */
export async function getBracket(q: Queryable, tournamentId: string): Promise<Bracket | null> {
  return readBracket(new SqlBracketStorage(q, tournamentId));
}

/** Records the result of a slot whose teams are known, moving the winner on (see the file's head). */
export async function reportWinner(
  q: Queryable,
  tournamentId: string,
  slot: number,
  score: CupScore,
  opts: { force?: boolean } = {},
): Promise<ReportOutcome> {
  await lock(q, tournamentId);
  const homeWins = decide(score);
  const storage = new SqlBracketStorage(q, tournamentId);
  const manager = new BracketsManager(storage);
  const match = Number.isSafeInteger(slot) ? await storage.select('match', slot) : null;
  if (!match) throw notFound(SLOT_NOT_FOUND);
  if (helpers.hasBye(match)) throw failedPrecondition(SLOT_BYE);
  if (match.opponent1?.id == null || match.opponent2?.id == null) throw failedPrecondition(SLOT_NOT_READY);
  const names = await teamIdsByParticipant(storage);
  const winner = names.get(Number((homeWins ? match.opponent1 : match.opponent2).id))!;

  const previous = played(match) ? helpers.getWinner(match) : null;
  if (previous && previous.id === (homeWins ? match.opponent1 : match.opponent2).id) {
    // The same winner: only the score changes, and nothing after this match depends on it.
    setScore(match, score);
    await storage.update('match', match.id, match);
    return { winner_team_id: winner, cleared: [] };
  }

  const later = previous ? await laterResults(manager, match.id) : [];
  if (later.length > 0 && !opts.force) throw failedPrecondition(LATER_RESULTS);
  for (const m of later) await clearResult(storage, manager, m);

  const result = (win: boolean) => (win ? 'win' : 'loss');
  // Penalties ride along as a field of our own, which the library keeps on each opponent.
  await manager.update.match<Match & { opponent1: Opponent; opponent2: Opponent }>({
    id: match.id,
    opponent1: { score: score.homeScore, result: result(homeWins), penalties: score.homePenalties },
    opponent2: { score: score.guestScore, result: result(!homeWins), penalties: score.guestPenalties },
  });
  return { winner_team_id: winner, cleared: later.map((m) => Number(m.id)) };
}

async function lock(q: Queryable, tournamentId: string): Promise<void> {
  if (!(await lockTournament(q, tournamentId, 'update'))) throw notFound(TOURNAMENT_NOT_FOUND);
}

/** Whether the home team won; refuses a score that is not a result. */
function decide(s: CupScore): boolean {
  const goal = (n: number | undefined) => Number.isInteger(n) && n! >= 0 && n! <= 99;
  if (!goal(s.homeScore) || !goal(s.guestScore)) throw invalid(BAD_SCORE);
  const penalties = s.homePenalties !== undefined || s.guestPenalties !== undefined;
  if (s.homeScore !== s.guestScore) {
    if (penalties) throw invalid(PENALTIES_NOT_DRAWN);
    return s.homeScore > s.guestScore;
  }
  if (!penalties) throw invalid(PENALTIES_NEEDED);
  if (!goal(s.homePenalties) || !goal(s.guestPenalties)) throw invalid(BAD_SCORE);
  if (s.homePenalties === s.guestPenalties) throw invalid(PENALTIES_DRAWN);
  return s.homePenalties! > s.guestPenalties!;
}

/** A result was reported: completed with both teams (a bye completes a match without one). */
const played = (m: Match) => helpers.isMatchCompleted(m) && !helpers.hasBye(m);

type Opponent = NonNullable<Match['opponent1']> & { penalties?: number };

function setScore(m: Match, s: CupScore): void {
  Object.assign(m.opponent1!, { score: s.homeScore, penalties: s.homePenalties });
  Object.assign(m.opponent2!, { score: s.guestScore, penalties: s.guestPenalties });
}

/**
 * The played matches that depend on this one's winner and loser: the next ones that have a result,
 * and recursively theirs, each after those that follow it, so they can be cleared in this order.
 */
async function laterResults(manager: BracketsManager, matchId: Match['id'], seen = new Set<Match['id']>()): Promise<Match[]> {
  const out: Match[] = [];
  for (const next of await manager.find.nextMatches(matchId)) {
    if (!played(next) || seen.has(next.id)) continue;
    seen.add(next.id);
    out.push(...(await laterResults(manager, next.id, seen)), next);
  }
  return out;
}

/**
 * Clears a played match whose later matches have no result: the score goes first, as the library
 * takes a match with a score for one under way and would keep the earlier matches locked.
 */
async function clearResult(storage: SqlBracketStorage, manager: BracketsManager, m: Match): Promise<void> {
  const stored = (await storage.select('match', m.id))!;
  for (const o of [stored.opponent1, stored.opponent2] as Opponent[]) {
    delete o.score;
    delete o.penalties;
  }
  await storage.update('match', stored.id, stored);
  await manager.reset.matchResults(stored.id);
}

async function teamIdsByParticipant(storage: SqlBracketStorage): Promise<Map<number, string>> {
  const participants = (await storage.select('participant')) ?? [];
  return new Map(participants.map((p) => [Number(p.id), p.name]));
}

async function readBracket(storage: SqlBracketStorage): Promise<Bracket | null> {
  const [groups, rounds, matches] = await Promise.all([storage.select('group'), storage.select('round'), storage.select('match')]);
  if (!matches?.length) return null;
  const names = await teamIdsByParticipant(storage);
  const team = (o: Match['opponent1']) => (o?.id == null ? null : names.get(Number(o.id))!);
  // Group 1 is the bracket; group 2, when there is one, holds only the third-place match.
  const thirdPlaceGroup = groups?.find((g) => g.number === 2)?.id;
  const mainRounds = (rounds ?? []).filter((r) => r.group_id !== thirdPlaceGroup);
  const roundNumber = new Map(mainRounds.map((r) => [r.id, r.number]));
  const out: BracketRound[] = mainRounds.map((r) => ({ round: r.number, matches: [] }));
  for (const m of matches) {
    const third = m.group_id === thirdPlaceGroup;
    const round = third ? out.length : roundNumber.get(m.round_id)!;
    const [home, guest] = [m.opponent1 as Opponent | null, m.opponent2 as Opponent | null];
    const winner = helpers.isMatchCompleted(m) ? helpers.getWinner(m) : null;
    out[round - 1].matches.push({
      slot: Number(m.id),
      home_team_id: team(home),
      guest_team_id: team(guest),
      winner_team_id: team(winner),
      home_score: home?.score ?? null,
      guest_score: guest?.score ?? null,
      home_penalties: home?.penalties ?? null,
      guest_penalties: guest?.penalties ?? null,
      bye: helpers.hasBye(m),
      third_place: third,
    });
  }
  for (const r of out) r.matches.sort((a, b) => Number(a.third_place) - Number(b.third_place) || a.slot - b.slot);
  return { rounds: out };
}

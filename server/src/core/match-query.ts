// The query language of match listings and matchmaker tickets: the query-string syntax of upstream's
// search index (Bluge), over documents of named fields (`label.skill`, `properties.region`), with
// the keyword analyzer (a value is one exact, case-sensitive term).
//
//   field:value        should: with no must clause, at least one should clause has to match
//   +field:value       must
//   -field:value       must not (a query of must-not clauses alone matches everything else)
//   field:"two words"  a quoted term; `\` escapes the next character anywhere
//   field:>=10  >10  <=20  <20   numeric ranges
//   field:ab*  field:a?c         wildcards; field:* matches any value of the field
//   value  *                     a term of any field; * alone matches everything
//   field:value^2                a boost: listings order matches by the sum of their matched boosts
//
// A term that reads as a number matches that number too. Regular expressions (/re/) and fuzzy terms
// (term~1) are refused: the first would run the caller's pattern on a backtracking engine.
import { invalid } from '../errors.ts';

/** A field's values: a JSON array in a label gives several. */
export type FieldValue = string | number | boolean;

/** What a query runs against: field name to values. */
export type QueryDoc = ReadonlyMap<string, readonly FieldValue[]>;

type Occur = 'must' | 'should' | 'mustNot';

/** A wildcard pattern, one unit per character: a literal character or one of the two wildcards. */
type Glob = Array<string | typeof STAR | typeof ONE>;
const STAR = 0;
const ONE = 1;

type Clause =
  | { kind: 'all'; boost: number }
  | { kind: 'term'; field?: string; text: string; number?: number; glob?: Glob; boost: number }
  | { kind: 'range'; field: string; op: '>' | '>=' | '<' | '<='; value: number; boost: number };

export interface ParsedQuery {
  must: Clause[];
  should: Clause[];
  mustNot: Clause[];
}

const MAX_QUERY_LENGTH = 2048;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function fail(query: string, why: string): never {
  throw invalid(`Invalid query "${query.length > 80 ? query.slice(0, 80) + '…' : query}": ${why}.`);
}

/** Reads up to unescaped whitespace (or ':' for a field); escaped characters are marked literal. */
function readWord(q: string, i: number, stopAtColon: boolean): { chars: Array<{ c: string; escaped: boolean }>; end: number } {
  const chars: Array<{ c: string; escaped: boolean }> = [];
  while (i < q.length && !/\s/.test(q[i]) && !(stopAtColon && q[i] === ':')) {
    if (q[i] === '\\') {
      if (i + 1 >= q.length) fail(q, 'a trailing backslash');
      chars.push({ c: q[i + 1], escaped: true });
      i += 2;
    } else {
      chars.push({ c: q[i], escaped: false });
      i++;
    }
  }
  return { chars, end: i };
}

function readQuoted(q: string, i: number): { text: string; end: number } {
  let text = '';
  i++;
  while (i < q.length && q[i] !== '"') {
    if (q[i] === '\\' && i + 1 < q.length) i++;
    text += q[i++];
  }
  if (i >= q.length) fail(q, 'an unclosed quote');
  return { text, end: i + 1 };
}

/** Splits a trailing unescaped ^boost (or refuses a ~fuzziness) off a word. */
function boostOf(q: string, chars: Array<{ c: string; escaped: boolean }>): number {
  for (let k = chars.length - 1; k >= 0; k--) {
    const { c, escaped } = chars[k];
    if (escaped) break;
    if (c === '~') fail(q, 'fuzzy terms are not supported');
    if (c === '^') {
      const n = Number(chars.slice(k + 1).map((x) => x.c).join(''));
      if (k + 1 === chars.length || !Number.isFinite(n) || n < 0) fail(q, 'a boost must be a number');
      chars.length = k;
      return n;
    }
  }
  return 1;
}

function termClause(q: string, field: string | undefined, chars: Array<{ c: string; escaped: boolean }>, boost: number): Clause {
  if (!chars.length) fail(q, 'an empty term');
  const text = chars.map((x) => x.c).join('');
  if (!field && text === '*' && !chars[0].escaped) return { kind: 'all', boost };
  const clause: Extract<Clause, { kind: 'term' }> = { kind: 'term', field, text, boost };
  if (chars.some((x) => !x.escaped && (x.c === '*' || x.c === '?'))) {
    clause.glob = chars.map((x) => (x.escaped ? x.c : x.c === '*' ? STAR : x.c === '?' ? ONE : x.c));
  } else if (NUMBER.test(text)) {
    clause.number = Number(text);
  }
  return clause;
}

/** Parses a query; an empty one matches everything. Refusals are InvalidArgument. */
export function parseQuery(query: string): ParsedQuery {
  if (query.length > MAX_QUERY_LENGTH) throw invalid(`A query must be at most ${MAX_QUERY_LENGTH} characters.`);
  const out: ParsedQuery = { must: [], should: [], mustNot: [] };
  let i = 0;
  while (i < query.length) {
    if (/\s/.test(query[i])) {
      i++;
      continue;
    }
    let occur: Occur = 'should';
    if (query[i] === '+' || query[i] === '-') {
      occur = query[i] === '+' ? 'must' : 'mustNot';
      i++;
      if (i >= query.length || /\s/.test(query[i])) fail(query, `"${query[i - 1]}" must be followed by a term`);
    }
    let clause: Clause;
    if (query[i] === '"') {
      ({ clause, end: i } = quotedClause(query, undefined, i));
    } else {
      const head = readWord(query, i, true);
      i = head.end;
      if (query[i] !== ':') {
        clause = termClause(query, undefined, head.chars, boostOf(query, head.chars));
      } else {
        const field = head.chars.map((x) => x.c).join('');
        if (!field) fail(query, 'a field name is missing before ":"');
        ({ clause, end: i } = fieldClause(query, field, i + 1));
      }
    }
    out[occur].push(clause);
  }
  return out;
}

function fieldClause(query: string, field: string, i: number): { clause: Clause; end: number } {
  if (i >= query.length || /\s/.test(query[i])) fail(query, `no value after "${field}:"`);
  if (query[i] === '/') fail(query, 'regular expressions are not supported');
  if (query[i] === '"') return quotedClause(query, field, i);
  const op = /^(>=|<=|>|<)/.exec(query.slice(i))?.[1] as '>' | '>=' | '<' | '<=' | undefined;
  const word = readWord(query, op ? i + op.length : i, false);
  const boost = boostOf(query, word.chars);
  if (op) {
    const text = word.chars.map((x) => x.c).join('').replace(/^"(.*)"$/, '$1');
    if (!NUMBER.test(text)) fail(query, `"${field}:${op}" needs a number`);
    return { clause: { kind: 'range', field, op, value: Number(text), boost }, end: word.end };
  }
  return { clause: termClause(query, field, word.chars, boost), end: word.end };
}

/** A quoted term, optionally boosted ("two words"^2). */
function quotedClause(query: string, field: string | undefined, i: number): { clause: Clause; end: number } {
  const quoted = readQuoted(query, i);
  let boost = 1;
  let end = quoted.end;
  if (query[end] === '^') {
    const word = readWord(query, end, false);
    boost = boostOf(query, word.chars);
    if (word.chars.length) fail(query, 'a boost must be a number');
    end = word.end;
  } else if (end < query.length && !/\s/.test(query[end])) {
    fail(query, 'a quoted term must end at a space');
  }
  return { clause: { kind: 'term', field, text: quoted.text, boost }, end };
}

function globMatch(glob: Glob, s: string): boolean {
  // Iterative, backtracking only to the last star: O(n·m) at worst, and both are short.
  let gi = 0;
  let si = 0;
  let star = -1;
  let mark = 0;
  while (si < s.length) {
    if (gi < glob.length && (glob[gi] === ONE || glob[gi] === s[si])) {
      gi++;
      si++;
    } else if (gi < glob.length && glob[gi] === STAR) {
      star = gi++;
      mark = si;
    } else if (star !== -1) {
      gi = star + 1;
      si = ++mark;
    } else {
      return false;
    }
  }
  while (gi < glob.length && glob[gi] === STAR) gi++;
  return gi === glob.length;
}

function valueMatches(c: Extract<Clause, { kind: 'term' | 'range' }>, v: FieldValue): boolean {
  if (c.kind === 'range') {
    if (typeof v !== 'number') return false;
    return c.op === '>' ? v > c.value : c.op === '>=' ? v >= c.value : c.op === '<' ? v < c.value : v <= c.value;
  }
  if (c.glob) {
    if (c.glob.length === 1 && c.glob[0] === STAR) return true;
    return globMatch(c.glob, String(v));
  }
  if (typeof v === 'number') return c.number === v;
  return String(v) === c.text;
}

function clauseMatches(c: Clause, doc: QueryDoc): boolean {
  if (c.kind === 'all') return true;
  if (c.kind === 'term' && c.field === undefined) {
    for (const values of doc.values()) if (values.some((v) => valueMatches(c, v))) return true;
    return false;
  }
  const values = doc.get(c.field!);
  return values !== undefined && values.some((v) => valueMatches(c, v));
}

/** The document's score (the sum of its matched clauses' boosts), or -1 when it does not match. */
export function evaluate(q: ParsedQuery, doc: QueryDoc): number {
  let score = 0;
  for (const c of q.must) {
    if (!clauseMatches(c, doc)) return -1;
    score += c.boost;
  }
  for (const c of q.mustNot) if (clauseMatches(c, doc)) return -1;
  let matched = 0;
  for (const c of q.should) {
    if (clauseMatches(c, doc)) {
      matched++;
      score += c.boost;
    }
  }
  if (q.must.length === 0 && q.should.length > 0 && matched === 0) return -1;
  return score;
}

export function matches(q: ParsedQuery, doc: QueryDoc): boolean {
  return evaluate(q, doc) >= 0;
}

/**
 * The exact string terms every match must have ({field, text}): a matchmaker looks candidates up by
 * them instead of trying every ticket.
 */
export function requiredTerms(q: ParsedQuery): Array<{ field: string; text: string }> {
  const out: Array<{ field: string; text: string }> = [];
  for (const c of q.must) {
    if (c.kind === 'term' && c.field !== undefined && !c.glob && c.number === undefined) out.push({ field: c.field, text: c.text });
  }
  return out;
}

/**
 * A label or ticket properties as a document: a JSON object's fields under `prefix.`, nested objects
 * as `prefix.a.b`, array elements as several values of one field.
 */
export function jsonDoc(prefix: string, value: unknown): Map<string, FieldValue[]> {
  const doc = new Map<string, FieldValue[]>();
  const add = (field: string, v: unknown, depth: number): void => {
    if (depth > 32) return;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      const values = doc.get(field);
      if (values) values.push(v);
      else doc.set(field, [v]);
    } else if (Array.isArray(v)) {
      for (const x of v) add(field, x, depth + 1);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) add(`${field}.${k}`, x, depth + 1);
    }
  };
  add(prefix, value, 0);
  return doc;
}

// Reading request fields the way protojson does: snake_case or lowerCamel names, int64 as string or
// number, wrappers whose absence differs from zero. A wrong type is an InvalidArgument naming the field.
// No string read here may be text PostgreSQL cannot store (U+0000, a lone UTF-16 surrogate): it is refused
// once, where it is read.
import { containsUnstorable, storable, unstorable } from './core/validate.ts';
import { invalid } from './errors.ts';

const camelNames = new Map<string, string>();

/** s itself, refused when the database could not store it. */
function text(name: string, s: string): string {
  if (!storable(s)) throw unstorable(name);
  return s;
}

/** lowerCamel of a snake_case field name (cached: field names are few and fixed). */
function camel(snake: string): string {
  let c = camelNames.get(snake);
  if (c === undefined) {
    c = snake.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
    camelNames.set(snake, c);
  }
  return c;
}

export class Fields {
  private readonly obj: Record<string, unknown>;

  constructor(obj: unknown) {
    if (obj === undefined || obj === null) obj = {};
    if (typeof obj !== 'object' || Array.isArray(obj)) throw invalid('Request body must be a JSON object.');
    this.obj = obj as Record<string, unknown>;
  }

  /** A field as it came, for callers that check its shape themselves; unstorable text in any string or key is refused. */
  raw(name: string): unknown {
    const v = this.value(name);
    if (containsUnstorable(v)) throw unstorable(name);
    return v;
  }

  /** Unchecked: every reader below checks the strings it returns. */
  private value(name: string): unknown {
    const v = this.obj[name];
    return v !== undefined ? v : this.obj[camel(name)];
  }

  has(name: string): boolean {
    return this.value(name) !== undefined && this.value(name) !== null;
  }

  string(name: string): string | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw invalid(`${name} must be a string.`);
    return text(name, v);
  }

  bool(name: string): boolean | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'boolean') throw invalid(`${name} must be true or false.`);
    return v;
  }

  int(name: string, min = -2147483648, max = 2147483647): number | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n)) throw invalid(`${name} must be a whole number.`);
    if (n < min || n > max) throw invalid(`${name} must be between ${min} and ${max}.`);
    return n;
  }

  /** int64: a JSON string or number, kept as bigint. */
  int64(name: string): bigint | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
    if (typeof v === 'string' && /^-?\d{1,19}$/.test(v)) {
      const b = BigInt(v);
      if (b >= -(2n ** 63n) && b < 2n ** 63n) return b;
    }
    throw invalid(`${name} must be a 64-bit whole number.`);
  }

  number(name: string): number | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw invalid(`${name} must be a number.`);
    return v;
  }

  object(name: string): Fields | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`${name} must be an object.`);
    return new Fields(v);
  }

  /** A map<string, string>. */
  stringMap(name: string): Record<string, string> | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`${name} must be an object of strings.`);
    for (const [k, x] of Object.entries(v)) {
      if (typeof x !== 'string') throw invalid(`${name}.${k} must be a string.`);
      if (!storable(k) || !storable(x)) throw unstorable(name);
    }
    return v as Record<string, string>;
  }

  /** A map<string, double>: finite numbers only. */
  numberMap(name: string): Record<string, number> | undefined {
    const v = this.value(name);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'object' || Array.isArray(v)) throw invalid(`${name} must be an object of numbers.`);
    for (const [k, x] of Object.entries(v)) {
      if (typeof x !== 'number' || !Number.isFinite(x)) throw invalid(`${name}.${k} must be a number.`);
      if (!storable(k)) throw unstorable(name);
    }
    return v as Record<string, number>;
  }

  list(name: string): Fields[] {
    const v = this.value(name);
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) throw invalid(`${name} must be a list.`);
    return v.map((x) => new Fields(x));
  }

  stringList(name: string): string[] {
    const v = this.value(name);
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw invalid(`${name} must be a list of strings.`);
    for (const x of v as string[]) text(name, x);
    return v as string[];
  }

  /** A google.protobuf.Timestamp: an RFC 3339 string. */
  timestamp(name: string): Date | undefined {
    const v = this.value(name);
    if (v === undefined || v === null || v === '') return undefined;
    const d = typeof v === 'string' ? new Date(v) : undefined;
    if (!d || Number.isNaN(d.getTime())) throw invalid(`${name} must be an RFC 3339 timestamp.`);
    return d;
  }
}

/** Shared by every request without a query string; only ever read. */
const NO_PARAMS = new URLSearchParams();

/** Query parameters: repeated keys for lists, true/false for bools. */
export class Query {
  private readonly qs: string;
  private parsed: URLSearchParams | undefined;

  constructor(qs: string) {
    this.qs = qs;
  }

  /** Parsed on first use: most requests read no query parameter at all, and most have none. */
  private get params(): URLSearchParams {
    return (this.parsed ??= this.qs ? new URLSearchParams(this.qs) : NO_PARAMS);
  }

  has(name: string): boolean {
    return this.params.has(name) || this.params.has(camel(name));
  }

  private first(name: string): string | undefined {
    const v = this.params.get(name) ?? this.params.get(camel(name)) ?? undefined;
    return v === undefined ? undefined : text(name, v);
  }

  string(name: string): string | undefined {
    return this.first(name);
  }

  list(name: string): string[] {
    let a = this.params.getAll(name);
    if (!a.length) a = this.params.getAll(camel(name));
    for (const x of a) text(name, x);
    return a;
  }

  bool(name: string): boolean | undefined {
    const v = this.first(name);
    if (v === undefined || v === '') return undefined;
    const t = v.toLowerCase();
    if (['true', 't', '1'].includes(t)) return true;
    if (['false', 'f', '0'].includes(t)) return false;
    throw invalid(`${name} must be true or false.`);
  }

  int(name: string, min = -2147483648, max = 2147483647): number | undefined {
    const v = this.first(name);
    if (v === undefined || v === '') return undefined;
    if (!/^-?\d+$/.test(v)) throw invalid(`${name} must be a whole number.`);
    const n = Number(v);
    if (n < min || n > max) throw invalid(`${name} must be between ${min} and ${max}.`);
    return n;
  }

  /** All parameters as lists, for RPC contexts. */
  all(except: string[] = []): Record<string, string[]> {
    // Parameter names come from the client: no prototype, so '__proto__' is a name like any other.
    const out: Record<string, string[]> = Object.create(null);
    for (const [k, v] of this.params) {
      if (except.includes(k)) continue;
      (out[text('Query parameter names', k)] ??= []).push(text(k, v));
    }
    return out;
  }
}

// Input rules shared by authentication, linking, account updates and listings (upstream Nakama's rules).
import { invalid } from '../errors.ts';

const CONTROL_OR_SPACE = /[\s\p{Cc}]/u;
// Usernames may hold spaces (the contract refuses only control characters, tabs and line breaks among them).
const BAD_USERNAME_CHAR = /\p{Cc}/u;

function byteLength(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** What is wrong with text the database refuses, after the field's name or the thing's. */
const UNSTORABLE = 'текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).';

/** The refusal of unstorable text in a named field or thing: "status: текст содержит недопустимые символы (…)". */
export function unstorable(name: string) {
  return invalid(`${name}: ${UNSTORABLE}`);
}

/**
 * Whether PostgreSQL can store a string: not U+0000 (neither text nor jsonb holds it) and no lone UTF-16
 * surrogate (jsonb refuses its \uD800 escape; text would silently get U+FFFD instead). Both checks are native.
 */
export function storable(s: string): boolean {
  return !s.includes('\0') && s.isWellFormed();
}

/**
 * Whether a string, or any string or key inside a parsed JSON value, is text PostgreSQL cannot store
 * (see storable). Walked with a stack, not recursion: nesting depth is the client's.
 */
export function containsUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return !storable(value);
  if (typeof value !== 'object' || value === null) return false;
  const stack: object[] = [value];
  while (stack.length) {
    const o = stack.pop()!;
    const isArray = Array.isArray(o);
    for (const k of Object.keys(o)) {
      if (!isArray && !storable(k)) return true;
      const x = (o as Record<string, unknown>)[k];
      if (typeof x === 'string') {
        if (!storable(x)) return true;
      } else if (typeof x === 'object' && x !== null) {
        stack.push(x);
      }
    }
  }
  return false;
}

/** The JSON escapes that decode to unstorable text: \u0000 and a surrogate (paired ones are fine, and checked after). */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/**
 * containsUnstorable for JSON text and its parsed value, walking the value only when the text itself is
 * not well-formed or has a suspect escape: the common case is one scan of the text.
 */
export function jsonHasUnstorable(text: string, parsed: unknown): boolean {
  return (!text.isWellFormed() || SUSPECT_ESCAPE.test(text)) && containsUnstorable(parsed);
}

/** Whether a value a module hands over holds unstorable text, judged on its JSON text (JSON.stringify refuses cycles, so the walk ends). */
export function jsonValueHasUnstorable(value: unknown): boolean {
  const text = JSON.stringify(value);
  return text !== undefined && jsonHasUnstorable(text, JSON.parse(text));
}

export function checkUsername(username: string): string {
  if (BAD_USERNAME_CHAR.test(username)) throw invalid('Username invalid, no control characters allowed.');
  const n = byteLength(username);
  if (n < 1 || n > 128) throw invalid('Username invalid, must be 1-128 bytes.');
  return username;
}

export function checkDeviceId(id: string | undefined): string {
  if (!id) throw invalid('Device ID is required.');
  if (CONTROL_OR_SPACE.test(id)) throw invalid('Device ID invalid, no spaces or control characters allowed.');
  const n = byteLength(id);
  if (n < 10 || n > 128) throw invalid('Device ID invalid, must be 10-128 bytes.');
  return id;
}

export function checkCustomId(id: string | undefined): string {
  if (!id) throw invalid('Custom ID is required.');
  if (CONTROL_OR_SPACE.test(id)) throw invalid('Custom ID invalid, no spaces or control characters allowed.');
  const n = byteLength(id);
  if (n < 6 || n > 128) throw invalid('Custom ID invalid, must be 6-128 bytes.');
  return id;
}

export function checkEmail(email: string | undefined): string {
  if (!email) throw invalid('Email address is required.');
  if (CONTROL_OR_SPACE.test(email)) throw invalid('Invalid email address, no spaces or control characters allowed.');
  if (!/^.+@.+\..+$/.test(email)) throw invalid('Invalid email address format.');
  const n = byteLength(email);
  if (n < 10 || n > 255) throw invalid('Invalid email address, must be 10-255 bytes.');
  return email.toLowerCase();
}

export function checkPassword(password: string | undefined): string {
  if (!password || password.length < 8) throw invalid('Password must be at least 8 characters long.');
  if (byteLength(password) > 1024) throw invalid('Password must be at most 1024 bytes long.');
  return password;
}

/**
 * A listing's page size, refused outside [min, max]. Every listing checks it here, in the core, so REST,
 * the socket and runtime modules get the same refusal; the default for an absent limit is the caller's.
 */
export function checkLimit(limit: number, min: number, max: number): number {
  if (!Number.isInteger(limit) || limit < min || limit > max) throw invalid(`Invalid limit - limit must be between ${min} and ${max}.`);
  return limit;
}

/** A listing's state filter (friend or group member states), refused outside [min, max]; absent means every state. */
export function checkState(state: number | undefined, min: number, max: number): number | undefined {
  if (state !== undefined && (!Number.isInteger(state) || state < min || state > max)) {
    throw invalid(`Invalid state - state must be between ${min} and ${max}.`);
  }
  return state;
}

export function checkVars(vars: unknown): Record<string, string> | undefined {
  if (vars === undefined || vars === null) return undefined;
  if (typeof vars !== 'object' || Array.isArray(vars)) throw invalid('vars must be an object of strings.');
  // Keys come from the client: no prototype, so '__proto__' is kept as a key like any other.
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(vars as Record<string, unknown>)) {
    if (typeof v !== 'string') throw invalid(`vars.${k} must be a string.`);
    out[k] = v;
  }
  if (byteLength(JSON.stringify(out)) > 2048) throw invalid('vars must be at most 2048 bytes.');
  return out;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function randomUsername(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  let s = '';
  for (const b of bytes) s += LETTERS[b % LETTERS.length];
  return s;
}

// How a portal RPC is declared: its id, who may call it, its input schema and its handler.
// Input is validated before the handler runs; bad input is an InvalidArgument naming the field.
import { z } from 'zod';
import {
  AppError, invalid, permissionDenied, storable, unauthenticated, type Initializer, type Logger, type Nk, type RpcContext, type RpcDescription,
} from '@tribuna/server';
import { labelled } from './labels.ts';
import { TEXT_LIMITS } from './text-limits.ts';
import type { WrittenInstant } from './not-past.ts';
import { admit, counted, hasDailyCap, type LimitClass } from './write-limits.ts';

z.config(z.locales.ru());

/**
 * Who may call an RPC:
 * - public: anyone, a guest session or a server-to-server call with the HTTP key;
 * - session: any signed-in session, guests included (the caller's user id is known);
 * - registered: a signed-in, non-guest user (e-mail, password or Google account).
 * Finer rules (creator, team owner or admin) are checked by the handler.
 */
export type Access = 'public' | 'session' | 'registered';

export interface Call<I> {
  input: I;
  ctx: RpcContext;
  /** The caller; '' for public calls made with the HTTP key. */
  userId: string;
  nk: Nk;
  logger: Logger;
}

/**
 * One RPC. Id, I (the payload as a client sends it, before defaults and transforms) and O (what the handler
 * answers, before JSON) are for types only: clients read the map of every RPC from `types.ts`.
 */
export interface RpcDef<Id extends string = string, I = unknown, O = unknown> {
  id: Id;
  access: Access;
  /** The payload's schema (the tests check that every field has a Russian label). */
  input: z.ZodType;
  /** A larger HTTP body cap than the gateway's, for RPCs that carry uploads (registered users only). */
  maxBodyBytes?: number;
  /** The limit class of an RPC that changes something (write-limits.ts); reads have none. */
  limit?: LimitClass;
  /** A read whose id does not say so (get_, list_, search_ do). */
  readOnly: boolean;
  run(ctx: RpcContext, payload: string, nk: Nk, logger: Logger): Promise<string>;
  /** Never set: carries the payload's and the answer's types. */
  readonly types?: { input: I; output: O };
}

export interface RpcOptions<I, R> {
  maxBodyBytes?: number;
  /** The limit class of an RPC that changes something: every such RPC names one (a test checks it). */
  limit?: LimitClass;
  /** What a call stored, for its class's daily cap: items or bytes; 1 (an item) when not given. */
  stored?: (input: I, result: R) => number;
  /** A read whose id does not start with get_, list_ or search_: it takes no limit. */
  readOnly?: boolean;
}

export function rpc<Id extends string, S extends z.ZodType, R>(
  id: Id,
  access: Access,
  input: S,
  handler: (call: Call<z.infer<S>>) => Promise<R>,
  options: RpcOptions<z.infer<S>, R> = {},
): RpcDef<Id, z.input<S>, R> {
  const { limit, stored, readOnly = false } = options;
  if (limit && readOnly) throw new Error(`RPC "${id}" is read-only and limited at once.`);
  if (stored && !(limit && hasDailyCap(limit))) throw new Error(`RPC "${id}" counts what it stored, but its class has no daily cap.`);
  const daily = limit !== undefined && hasDailyCap(limit);
  return {
    id,
    access,
    input,
    maxBodyBytes: options.maxBodyBytes,
    limit,
    readOnly,
    async run(ctx, payload, nk, logger) {
      try {
        // Counted first, before any work: a caller past a limit costs no query. HTTP-key calls have no user.
        if (limit && ctx.userId) await admit(nk, limit, id, ctx.userId, ctx);
        const userId = await authorize(access, ctx, nk);
        const parsed = input.safeParse(parsePayload(payload));
        if (!parsed.success) throw invalid(describe(parsed.error));
        const result = await handler({ input: parsed.data, ctx, userId, nk, logger });
        if (daily && userId) await counted(nk, limit, userId, stored ? stored(parsed.data, result) : 1, logger);
        return result === undefined ? '' : JSON.stringify(result);
      } catch (err) {
        // One place turns "field: …" into "Label: …", for schema refusals and handlers' own alike.
        if (err instanceof AppError) {
          const message = labelled(err.message);
          if (message !== err.message) throw new AppError(err.code, message, err.retryAfterSec);
        }
        throw err;
      }
    },
  };
}

async function authorize(access: Access, ctx: RpcContext, nk: Nk): Promise<string> {
  if (access === 'public') return ctx.userId ?? '';
  if (!ctx.userId) throw unauthenticated('Требуется вход в систему.');
  if (access === 'registered') {
    const kind = await nk.accountKind(ctx.userId);
    if (kind === undefined) throw unauthenticated('Учётная запись не найдена.');
    if (kind !== 'registered') throw permissionDenied('Войдите или зарегистрируйтесь, чтобы выполнить это действие.');
  }
  return ctx.userId;
}

/** Text PostgreSQL cannot store: U+0000, or a lone UTF-16 surrogate (half of an emoji cut in two). */
const BAD_TEXT = 'текст содержит недопустимые символы (нулевой символ или непарный суррогат UTF-16).';
const BAD_TEXT_MESSAGE = BAD_TEXT[0].toUpperCase() + BAD_TEXT.slice(1);
/** The JSON escapes that decode to such text: \u0000 and a surrogate (a paired one is fine, and found so). */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

function parsePayload(payload: string): unknown {
  if (payload.trim() === '') return {};
  // Refused in every field at once, before any schema sees it: no handler can store such text.
  if (!storable(payload)) throw invalid(BAD_TEXT_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    throw invalid('Тело запроса должно быть JSON-объектом.');
  }
  // Parsed strings hold such text only through an escape: the common case never walks the value.
  if (SUSPECT_ESCAPE.test(payload)) {
    const path = unstorablePath(value);
    if (path !== undefined) throw invalid(path ? `${path}: ${BAD_TEXT}` : BAD_TEXT_MESSAGE);
  }
  return value;
}

/**
 * Where the first string or key PostgreSQL cannot store is in a parsed JSON value, as the schema errors
 * name it ('' for the value itself or a top-level key); undefined when there is none. A stack, not
 * recursion: the depth is the caller's.
 */
function unstorablePath(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!storable(v)) return path;
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, x] of Object.entries(v)) {
        if (!storable(k)) return path;
        stack.push([x, path ? `${path}.${k}` : k]);
      }
    }
  }
  return undefined;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

export function registerAll(initializer: Initializer, nk: Nk, logger: Logger, defs: RpcDef[]): void {
  for (const d of defs) {
    initializer.registerRpc(d.id, (ctx, payload) => d.run(ctx, payload, nk, logger), { maxBodyBytes: d.maxBodyBytes, describe: () => describeRpc(d) });
  }
}

const WHO: Record<Access, string> = {
  public: 'Anyone may call it: a guest session, a signed-in user or the HTTP key.',
  session: 'Any signed-in session may call it, a guest\'s included; the HTTP key alone may not.',
  registered: 'Only a registered user (not a guest) may call it; finer rules are checked by the handler.',
};

/**
 * The RPC in the API description (GET /v2/openapi.json): who may call it, its limits, and the payload's
 * schema as clients send it (before defaults and transforms), made from the zod schema that checks it.
 */
function describeRpc(d: RpcDef): RpcDescription {
  const notes = [WHO[d.access]];
  if (d.limit) notes.push(`It changes data and counts in the write limits of class \`${d.limit}\`: past them, 429 with Retry-After.`);
  if (d.maxBodyBytes) notes.push(`Its request body may take up to ${d.maxBodyBytes} bytes from registered users and HTTP-key calls.`);
  notes.push('Bad input is refused with 400 (code 3) and a Russian message naming the field.');
  return {
    description: notes.join(' '),
    input: z.toJSONSchema(d.input, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }),
    httpKey: d.access === 'public',
  };
}

// Schema pieces shared by many RPCs.
export const uuid = z.uuid({ error: 'Ожидался идентификатор (UUID).' });
export const cursor = z.string().max(512).optional();
/** A filter by ids: at most 100 of them. */
export const uuids = z.array(uuid).max(100);
export const limit = (fallback: number, max = 100) => z.number().int().min(1).max(max).default(fallback);

// Text fields. NUL cannot be stored; one-line texts (names, titles, tags) refuse every control character.
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const NOT_TEXT = 'ожидалась строка.';
const BAD_CHARS = 'недопустимые символы.';
const INT32 = 2_147_483_647;
const tooLong = (max: number) => `не длиннее ${max} символов.`;

/** A trimmed text of 1 to max characters on one line; `missing` says what to give when it is absent or blank. */
export const requiredLineField = (max: number, missing: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? missing : NOT_TEXT) })
    .trim()
    .min(1, missing)
    .max(max, tooLong(max))
    .refine((s) => !CONTROL.test(s), BAD_CHARS);

/** A trimmed single-line text of at most max characters, empty allowed (optional names, filters, tags). */
export const lineField = (max: number) =>
  z.string({ error: NOT_TEXT }).trim().max(max, tooLong(max)).refine((s) => !CONTROL.test(s), BAD_CHARS);

/** A trimmed text of at most max characters; line breaks and other control characters are kept, NUL is refused. */
export const textField = (max: number) =>
  z.string({ error: NOT_TEXT }).trim().max(max, tooLong(max)).refine(storable, BAD_CHARS);

/** The title of a team's photo or video section, or of a video. */
export const titleField = requiredLineField(TEXT_LIMITS.mediaTitle, 'укажите название.');

/** A trimmed description of a photo, a video or their section: line breaks and tabs are kept; null is the same as empty, undefined leaves it as it is. */
export const descriptionField = z
  .string({ error: NOT_TEXT })
  .trim()
  .max(TEXT_LIMITS.mediaDescription, tooLong(TEXT_LIMITS.mediaDescription))
  .refine((s) => !CONTROL_BUT_LINES.test(s), BAD_CHARS)
  .nullish()
  .transform((s) => (s === null ? '' : s));

export const int32Field = z
  .number({ error: 'ожидалось целое число.' })
  .int('ожидалось целое число.')
  .min(-INT32, 'слишком маленькое число.')
  .max(INT32, 'слишком большое число.');

export const directionField = z.enum(['asc', 'desc'], { error: "ожидалось 'asc' или 'desc'." });

/** Whether y-m-d is a real calendar day (2025-02-30 is not). */
export function isDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const DATETIME = /^([1-9]\d{3})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;
const BAD_TIME = 'ожидались дата и время ISO 8601 с часовым поясом, например 2025-05-01T18:30:00+03:00.';

function isInstant(s: string): boolean {
  const m = DATETIME.exec(s);
  return !!m && isDay(+m[1], +m[2], +m[3]);
}

/** An instant (ISO 8601 with Z or an offset: a local time alone would be ambiguous), read as a Date. */
export const instantField = z
  .string({ error: BAD_TIME })
  .refine(isInstant, BAD_TIME)
  .transform((s) => new Date(s));

/** The offset at the end of a valid instant's text, in minutes east of UTC. */
function offsetOf(s: string): number {
  if (s.endsWith('Z')) return 0;
  const sign = s.at(-6) === '-' ? -1 : 1;
  return sign * (Number(s.slice(-5, -3)) * 60 + Number(s.slice(-2)));
}

/** An instant as instantField reads it, keeping the day and the offset it was written with (what a date-only field means). */
export const writtenInstantField = z
  .string({ error: BAD_TIME })
  .refine(isInstant, BAD_TIME)
  .transform((s): WrittenInstant => ({ at: new Date(s), day: s.slice(0, 10), offsetMinutes: offsetOf(s) }));

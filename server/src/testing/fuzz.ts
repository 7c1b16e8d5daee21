// Settings and shared arbitraries of the fuzz tests (fast-check). `npm test` runs them with a fixed seed and
// a few runs; `npm run fuzz` runs them long. FUZZ_SEED, FUZZ_RUNS and FUZZ_PATH (a failure's printed path,
// to replay it) come from the environment.
import fc from 'fast-check';

/** The seed `npm test` fuzzes with, unless FUZZ_SEED says otherwise. */
const DEFAULT_SEED = 20_261_127;

export interface FuzzSettings {
  seed: number;
  numRuns: number;
  /** The path of a failure to replay (with its seed). */
  path?: string;
  /** Each failure's shrinking costs requests: bounded, so a failing run ends in time. */
  endOnFailure: boolean;
}

function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be an integer of at least ${min}, not "${raw}".`);
  return n;
}

/** fast-check's parameters for a property: runs of `defaultRuns` unless FUZZ_RUNS says otherwise. */
export function fuzzSettings(defaultRuns: number): FuzzSettings {
  const path = process.env.FUZZ_PATH || undefined;
  return {
    seed: intFromEnv('FUZZ_SEED', DEFAULT_SEED, -(2 ** 31)),
    numRuns: intFromEnv('FUZZ_RUNS', defaultRuns, 1),
    ...(path ? { path } : {}),
    endOnFailure: !process.env.FUZZ_SHRINK,
  };
}

/** Text PostgreSQL cannot store, control characters, odd unicode, injections and other usual suspects. */
const NASTY = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\ud83d\ude00', '\u202e', '\ufeff', '\r\n', '\t', '%00', '%', '%zz', '..', '../..',
  "'", '"', '\\', "'; DROP TABLE users; --", '<script>alert(1)</script>', '{}', '[]', 'null', 'true', '-1', '0', '1e999',
  'NaN', '__proto__', 'constructor', '00000000-0000-0000-0000-000000000000', '2.....', '3.00000000-0000-4000-8000-000000000000..',
  'Команда «Спартак»', 'x'.repeat(300), 'я'.repeat(5000),
];

/** A string that is likely to upset a parser, a validator or SQL. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\ud800', '\udfff', '\u0000'), fc.string({ maxLength: 8 })).map(([a, x, b]) => a + x + b),
  fc.uuid(),
);

/** Numbers of every awkward kind: huge, negative, fractional, beyond int32 and int64. */
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON value made of nasty leaves, up to a few levels deep. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** An array nested n deep: `[[[...]]]`. */
const deepArray = (n: number) => '['.repeat(n) + ']'.repeat(n);

/** A request body: JSON (nasty, deep, huge) or not JSON at all. */
export const nastyBody: fc.Arbitrary<string> = fc.oneof(
  nastyJson.map((v) => JSON.stringify(v)),
  fc.json(),
  fc.string(),
  fc.constantFrom('{', '{"a":', '[1,', 'undefined', '\u0000', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"__proto__":{"x":1}}', deepArray(5000), `{"a":"${'x'.repeat(300_000)}"}`),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')),
);

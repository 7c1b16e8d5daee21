// fast-check arbitraries made from an RPC's zod 4 schema, for the fuzz test: values of the schema's shape
// (what its definition, `_zod.def`, says of types, lengths, ranges, formats, enums and optional keys) and
// values outside it (wrong types, missing required keys, extra keys, out of range, oversized). Refinements
// (`.refine`) and transforms cannot be read: valid-shaped values may still be refused by them.
import fc from 'fast-check';
import type { z } from 'zod';
import { nastyJson, nastyString } from '@tribuna/server/testing';
import { instantField, writtenInstantField } from './lib/rpc.ts';

type Def = Record<string, unknown> & { type: string };
type Check = { check: string; format?: string; pattern?: RegExp; minimum?: number; maximum?: number; value?: number; inclusive?: boolean };

const SOME_UUID = '7f3c2a9e-4b1d-4c8e-9a6f-2d5e8b1c0f47';
const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Ids of real rows: seeded, then every id an accepted call answered, so fuzzed ids hit real rows now and then. */
export class IdPool {
  private readonly ids: string[];
  constructor(seed: string[]) {
    this.ids = [...seed];
  }

  /** Remembers the ids in an accepted call's answer (the pool is bounded). */
  harvest(text: string): void {
    for (const id of text.match(UUID_IN_TEXT) ?? []) {
      if (this.ids.length >= 500) return;
      if (!this.ids.includes(id)) this.ids.push(id);
    }
  }

  /** A real id most of the time, else a random one. */
  arbitrary(): fc.Arbitrary<string> {
    return fc.oneof({ weight: 3, arbitrary: fc.nat().map((i) => this.ids[i % this.ids.length]) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) });
  }
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] => ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((c) => c._zod.def);
const isOptional = (s: z.ZodType) => (s as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

function lengths(def: Def): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, c.maximum ?? Infinity);
  }
  return { min, max };
}

function range(def: Def): { min: number; max: number; int: boolean } {
  let min = -1e9;
  let max = 1e9;
  let int = false;
  for (const c of checksOf(def)) {
    if (c.check === 'number_format') int = true;
    if (c.check === 'greater_than') min = (c.value ?? min) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') max = (c.value ?? max) - (c.inclusive ? 0 : 1);
  }
  return { min, max, int };
}

function validString(def: Def, ids: IdPool): fc.Arbitrary<string> {
  const pattern = (def.pattern as RegExp | undefined) ?? checksOf(def).find((c) => c.check === 'string_format' && c.pattern)?.pattern;
  if (def.format === 'uuid' || def.format === 'guid') return ids.arbitrary();
  if (def.format === 'email') return fc.emailAddress();
  // A pattern that takes a UUID (a chat's id holds one): real ids now and then.
  if (pattern) return pattern.test(SOME_UUID) ? fc.oneof(fc.stringMatching(pattern), ids.arbitrary()) : fc.stringMatching(pattern);
  const { min, max } = lengths(def);
  const maxLength = Math.min(max ?? 40, min + 40);
  // Text PostgreSQL can store: U+0000 and lone surrogates are refused before any schema (outside() sends them).
  return fc.oneof(
    fc.string({ minLength: min, maxLength }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength }),
    ids.arbitrary().filter((s) => s.length >= min && s.length <= (max ?? Infinity)),
  ).filter((s) => s.isWellFormed() && !s.includes('\u0000'));
}

/** An ISO 8601 instant between 2000 and 2040, in UTC or with an offset. */
const instant = fc
  .tuple(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true }), fc.boolean())
  .map(([d, utc]) => (utc ? d.toISOString() : d.toISOString().replace('Z', '+03:00')));

/** Values of the schema's shape. */
export function valid(schema: z.ZodType, ids: IdPool): fc.Arbitrary<unknown> {
  // Instants are checked by a refinement, which cannot be read: made as what they take, now and then not.
  if (schema === instantField || schema === writtenInstantField) return fc.oneof({ weight: 4, arbitrary: instant }, { weight: 1, arbitrary: fc.string() });
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, valid(v, ids)]));
      const requiredKeys = Object.keys(shape).filter((k) => !isOptional(shape[k]));
      return fc.record(fields, { requiredKeys });
    }
    case 'string':
      return validString(def, ids);
    case 'number': {
      const { min, max, int } = range(def);
      return int ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'null':
      return fc.constant(null);
    case 'array': {
      const { min, max } = lengths(def);
      return fc.array(valid(def.element as z.ZodType, ids), { minLength: min, maxLength: Math.min(max ?? 5, min + 5) });
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return valid(def.innerType as z.ZodType, ids);
    case 'nullable':
      return fc.option(valid(def.innerType as z.ZodType, ids), { nil: null, freq: 4 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((o) => valid(o, ids)));
    case 'pipe':
      return valid(def.in as z.ZodType, ids);
    case 'lazy':
      return valid((def.getter as () => z.ZodType)(), ids);
    default:
      // unknown, any, transform, record: whatever JSON.
      return nastyJson;
  }
}

/** The schema under optional, default, nullable and pipe wrappers: what its values must be. */
function core(schema: z.ZodType): Def {
  let def = defOf(schema);
  while (['optional', 'default', 'prefault', 'nullable', 'readonly', 'catch', 'pipe'].includes(def.type)) {
    def = defOf((def.innerType ?? def.in) as z.ZodType);
  }
  return def;
}

/** A value of the wrong kind, or out of range or oversized, for the schema. */
function wrong(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = core(schema);
  const any = nastyJson;
  switch (def.type) {
    case 'string': {
      const { max } = lengths(def);
      return fc.oneof(any, fc.integer(), fc.constant('x'.repeat((max ?? 10_000) + 1)), fc.constant('я'.repeat(100_000)), nastyString);
    }
    case 'number': {
      const { min, max, int } = range(def);
      return fc.oneof(any, fc.constantFrom(min - 1, max + 1, int ? min + 0.5 : 1e308, -1e308, 2 ** 63, '1', '', null, true));
    }
    case 'array': {
      const { max } = lengths(def);
      return fc.oneof(any, fc.array(any, { minLength: (max ?? 200) + 1, maxLength: (max ?? 200) + 3 }), fc.array(fc.constant(null), { maxLength: 3 }));
    }
    case 'object':
      return fc.oneof(any, outside(schema, new IdPool(['00000000-0000-4000-8000-000000000000'])));
    default:
      return fc.oneof(any, nastyString, fc.integer());
  }
}

/**
 * Values outside the schema: an object with some fields wrong, required keys missing and extra keys, or
 * something else than an object altogether.
 */
export function outside(schema: z.ZodType, ids: IdPool): fc.Arbitrary<unknown> {
  const def = core(schema);
  if (def.type !== 'object') return fc.oneof(wrong(schema), valid(schema, ids));
  const shape = def.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  const field = (k: string) =>
    fc.oneof(
      { weight: 2, arbitrary: valid(shape[k], ids).map((v) => ({ v })) },
      { weight: 2, arbitrary: wrong(shape[k]).map((v) => ({ v })) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  const object = fc
    .tuple(fc.tuple(...keys.map(field)), fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 10 }) }, nastyString), nastyJson, { maxKeys: 3 }))
    .map(([values, extra]) => {
      const out: Record<string, unknown> = { ...extra };
      keys.forEach((k, i) => {
        if (values[i]) out[k] = values[i].v;
      });
      return out;
    });
  return fc.oneof({ weight: 4, arbitrary: object }, { weight: 1, arbitrary: nastyJson });
}

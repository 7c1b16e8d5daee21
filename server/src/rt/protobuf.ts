// The protobuf wire format of the socket (`/ws?format=protobuf`): binary frames holding
// nakama.realtime.Envelope (schema in ./proto/). Frames are converted to and from the same
// protojson-shaped envelopes the JSON socket uses, so there is one envelope pipeline: int64 as
// strings, bytes as base64, google.protobuf wrappers as bare values, Timestamps as RFC 3339 strings,
// proto3 defaults omitted, JSON-in-string fields left as strings.
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import type { Msg } from '../encode.ts';

const root = new protobuf.Root();
root.loadSync(fileURLToPath(new URL('./proto/realtime.proto', import.meta.url)), { keepCase: true });
root.resolveAll();

const Envelope = root.lookupType('nakama.realtime.Envelope');
const ENVELOPE_PAYLOADS = new Set(Envelope.oneofs.message.oneof);

const INT64_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const WRAPPERS = new Set([
  '.google.protobuf.DoubleValue', '.google.protobuf.FloatValue', '.google.protobuf.Int64Value',
  '.google.protobuf.UInt64Value', '.google.protobuf.Int32Value', '.google.protobuf.UInt32Value',
  '.google.protobuf.BoolValue', '.google.protobuf.StringValue', '.google.protobuf.BytesValue',
]);
const TIMESTAMP = '.google.protobuf.Timestamp';

/** How one value of a field is converted (a repeated field or a map applies it per element). */
type Kind =
  | { k: 'string' }
  | { k: 'bool' }
  | { k: 'number' }
  | { k: 'int64' }
  | { k: 'bytes' }
  | { k: 'timestamp' }
  | { k: 'wrapper'; inner: Kind }
  | { k: 'message'; type: protobuf.Type };

interface FieldPlan {
  name: string;
  kind: Kind;
  repeated: boolean;
  map: boolean;
}

const plans = new Map<protobuf.Type, Map<string, FieldPlan>>();

function scalarKind(type: string): Kind {
  if (type === 'string') return { k: 'string' };
  if (type === 'bool') return { k: 'bool' };
  if (type === 'bytes') return { k: 'bytes' };
  if (INT64_TYPES.has(type)) return { k: 'int64' };
  return { k: 'number' };
}

function kindOf(field: protobuf.Field): Kind {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) {
    if (rt.fullName === TIMESTAMP) return { k: 'timestamp' };
    if (WRAPPERS.has(rt.fullName)) return { k: 'wrapper', inner: scalarKind(rt.fields.value.type) };
    return { k: 'message', type: rt };
  }
  if (rt instanceof protobuf.Enum) return { k: 'number' };
  return scalarKind(field.type);
}

function planOf(type: protobuf.Type): Map<string, FieldPlan> {
  let plan = plans.get(type);
  if (!plan) {
    plan = new Map();
    for (const f of type.fieldsArray) {
      plan.set(f.name, { name: f.name, kind: kindOf(f), repeated: f.repeated, map: f.map });
    }
    plans.set(type, plan);
  }
  return plan;
}

// ---- Timestamps ----

/**
 * google.protobuf.Timestamp as protojson writes it: "2024-05-01T12:34:56Z", with 3, 6 or 9 fraction digits when needed.
 * @internal
 */
export function timestampToJson(seconds: number, nanos: number): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  if (!nanos) return `${base}Z`;
  let frac = String(nanos).padStart(9, '0');
  if (frac.endsWith('000000')) frac = frac.slice(0, 3);
  else if (frac.endsWith('000')) frac = frac.slice(0, 6);
  return `${base}.${frac}Z`;
}

/**
 * An RFC 3339 string (any offset, up to 9 fraction digits) as Timestamp seconds and nanos.
 * @internal
 */
export function timestampFromJson(text: string): { seconds: number; nanos: number } {
  const m = /^(.*?T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
  const ms = m ? Date.parse(`${m[1]}${m[3]}`) : Number.NaN;
  if (!m || Number.isNaN(ms)) throw new TypeError(`Not an RFC 3339 timestamp: ${text}`);
  return { seconds: Math.floor(ms / 1000), nanos: m[2] ? Number(m[2].padEnd(9, '0')) : 0 };
}

// ---- Decoding: protobuf message -> protojson shape ----

function int64ToString(v: unknown): string {
  return typeof v === 'number' ? String(v) : (v as { toString(): string }).toString();
}

function valueToJson(kind: Kind, v: unknown): unknown {
  switch (kind.k) {
    case 'string':
    case 'bool':
    case 'number':
      return v;
    case 'int64':
      return int64ToString(v);
    case 'bytes': {
      const b = v as Uint8Array;
      return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('base64');
    }
    case 'timestamp': {
      const t = v as { seconds?: unknown; nanos?: number };
      return timestampToJson(Number(int64ToString(t.seconds ?? 0)), t.nanos ?? 0);
    }
    case 'wrapper':
      return valueToJson(kind.inner, (v as { value: unknown }).value);
    case 'message':
      return messageToJson(kind.type, v as Record<string, unknown>);
  }
}

/** Proto3 defaults, which protojson leaves out (wrappers and messages are kept whenever set). */
function isDefault(kind: Kind, v: unknown): boolean {
  switch (kind.k) {
    case 'string':
      return v === '';
    case 'bool':
      return v === false;
    case 'number':
      return v === 0;
    case 'int64':
      return int64ToString(v) === '0';
    case 'bytes':
      return (v as Uint8Array).length === 0;
    default:
      return v === null || v === undefined;
  }
}

function messageToJson(type: protobuf.Type, msg: Record<string, unknown>): Msg {
  const plan = planOf(type);
  const out: Msg = {};
  for (const key of Object.keys(msg)) {
    const f = plan.get(key);
    const v = msg[key];
    if (!f || v === undefined || v === null) continue;
    if (f.map) {
      const entries = Object.entries(v as Record<string, unknown>);
      if (!entries.length) continue;
      const obj: Record<string, unknown> = {};
      for (const [k, x] of entries) obj[k] = valueToJson(f.kind, x);
      out[key] = obj;
    } else if (f.repeated) {
      const list = v as unknown[];
      if (list.length) out[key] = list.map((x) => valueToJson(f.kind, x));
    } else if (!isDefault(f.kind, v)) {
      out[key] = valueToJson(f.kind, v);
    }
  }
  return out;
}

export type DecodeResult = { ok: true; envelope: Msg } | { ok: false; unknownField?: number };

/**
 * A binary frame as the protojson-shaped envelope the JSON socket would have parsed. An envelope whose
 * only payload is a field number this schema does not know decodes with the name `field_<n>`, so it is
 * refused as an unrecognized message; a frame that is not a valid Envelope gives `ok: false`.
 */
export function decodeEnvelope(data: Uint8Array): DecodeResult {
  let msg: Record<string, unknown>;
  try {
    msg = Envelope.decode(data) as unknown as Record<string, unknown>;
  } catch {
    return { ok: false };
  }
  const envelope = messageToJson(Envelope, msg);
  if (Object.keys(envelope).some((k) => ENVELOPE_PAYLOADS.has(k))) return { ok: true, envelope };
  // No known payload: name any unknown top-level field, as the JSON socket names an unknown key.
  try {
    const r = protobuf.Reader.create(data);
    while (r.pos < r.len) {
      const tag = r.uint32();
      const n = tag >>> 3;
      if (!Envelope.fieldsById[n]) {
        envelope[`field_${n}`] = {};
        break;
      }
      r.skipType(tag & 7);
    }
  } catch {
    return { ok: false };
  }
  return { ok: true, envelope };
}

// ---- Encoding: protojson shape -> protobuf message ----

function valueFromJson(kind: Kind, v: unknown): unknown {
  switch (kind.k) {
    case 'string':
      return typeof v === 'string' ? v : String(v);
    case 'bool':
      return Boolean(v);
    case 'number':
      return Number(v);
    case 'int64':
      return typeof v === 'bigint' ? v.toString() : v;
    case 'bytes':
      return typeof v === 'string' ? Buffer.from(v, 'base64') : v;
    case 'timestamp':
      return v instanceof Date ? { seconds: Math.floor(v.getTime() / 1000), nanos: (v.getTime() % 1000) * 1e6 } : timestampFromJson(String(v));
    case 'wrapper':
      return { value: valueFromJson(kind.inner, v) };
    case 'message':
      return messageFromJson(kind.type, v as Msg);
  }
}

function messageFromJson(type: protobuf.Type, msg: Msg): Record<string, unknown> {
  const plan = planOf(type);
  const out: Record<string, unknown> = {};
  for (const key in msg) {
    const f = plan.get(key);
    const v = msg[key];
    if (!f || v === undefined || v === null) continue;
    if (f.map) {
      const obj: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) obj[k] = valueFromJson(f.kind, x);
      out[key] = obj;
    } else if (f.repeated) {
      out[key] = (v as unknown[]).map((x) => valueFromJson(f.kind, x));
    } else {
      out[key] = valueFromJson(f.kind, v);
    }
  }
  return out;
}

/** A protojson-shaped envelope (as sent on the JSON socket) as a binary nakama.realtime.Envelope. */
export function encodeEnvelope(envelope: Msg): Uint8Array {
  return Envelope.encode(messageFromJson(Envelope, envelope)).finish();
}

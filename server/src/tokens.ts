// HS256 JSON Web Tokens, signed and verified with node:crypto (synchronous and allocation-light:
// every authenticated request verifies one).
import crypto from 'node:crypto';

export interface TokenClaims {
  tid: string;
  uid: string;
  usn: string;
  vrs?: Record<string, string>;
  exp: number;
  iat: number;
}

const HEADER = base64url(Buffer.from('{"alg":"HS256","typ":"JWT"}'));
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function base64url(b: Buffer): string {
  return b.toString('base64url');
}

/**
 * JSON with every character outside printable ASCII, and '>', '?', '~', escaped as \uXXXX.
 * The npm client decodes payloads with atob after dropping '-' and '_'; those characters are the only
 * ASCII ones that put a '-' or '_' into base64url, and non-ASCII text would come back garbled.
 * @internal
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff>?~]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
}

export function sign(claims: TokenClaims, key: string): string {
  const payload: Record<string, unknown> = { tid: claims.tid, uid: claims.uid, usn: claims.usn };
  if (claims.vrs && Object.keys(claims.vrs).length > 0) payload.vrs = claims.vrs;
  payload.exp = claims.exp;
  payload.iat = claims.iat;
  return signPayload(payload, key);
}

/** An HS256 token of any claims (matchmaker tokens carry {mid, exp}). */
export function signPayload(payload: Record<string, unknown>, key: string): string {
  const body = HEADER + '.' + base64url(Buffer.from(asciiJson(payload), 'latin1'));
  return body + '.' + crypto.createHmac('sha256', key).update(body).digest('base64url');
}

const B64URL_CHARS = /^[A-Za-z0-9_-]+$/;
const B64URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Whether s is canonical unpadded base64url: the only spelling encoders produce. Buffer.from(s,
 * 'base64url') ignores padding, stray characters and a final character's unused bits, so without this
 * check many strings would decode to the same bytes.
 */
function isCanonicalBase64url(s: string): boolean {
  if (!B64URL_CHARS.test(s)) return false;
  const rest = s.length % 4;
  if (rest === 0) return true;
  if (rest === 1) return false;
  // 2 (or 3) trailing characters carry 1 (or 2) bytes; the last one's low 4 (or 2) bits are unused and must be 0.
  return (B64URL_ALPHABET.indexOf(s[s.length - 1]) & (rest === 2 ? 15 : 3)) === 0;
}

/** The claims of a well-formed session or refresh token with a valid signature, whether or not it has expired. */
export function verifySignature(token: string, key: string): TokenClaims | null {
  const c = verifiedPayload(token, key);
  if (!c) return null;
  const { tid, uid, usn, vrs, exp, iat } = c;
  if (typeof uid !== 'string' || !UUID_RE.test(uid)) return null;
  if (typeof tid !== 'string' || typeof usn !== 'string') return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  const claims: TokenClaims = { tid, uid, usn, exp, iat: typeof iat === 'number' ? iat : 0 };
  if (vrs && typeof vrs === 'object') claims.vrs = vrs as Record<string, string>;
  return claims;
}

/** The payload object of a well-formed HS256 token with a valid signature, whatever its claims. */
export function verifiedPayload(token: string, key: string): Record<string, unknown> | null {
  if (typeof token !== 'string' || token.length > 8192) return null;
  const dot1 = token.indexOf('.');
  const dot2 = token.indexOf('.', dot1 + 1);
  if (dot1 <= 0 || dot2 <= dot1 + 1 || token.indexOf('.', dot2 + 1) !== -1) return null;
  // The signature must be exactly the 43 characters of the HMAC's canonical encoding (checked before the
  // byte comparison: latin1 would fold a non-ASCII character onto an ASCII one).
  const sig = token.slice(dot2 + 1);
  if (sig.length !== 43 || !B64URL_CHARS.test(sig)) return null;
  const headerPart = token.slice(0, dot1);
  const payloadPart = token.slice(dot1 + 1, dot2);
  if (!isCanonicalBase64url(payloadPart)) return null;
  if (headerPart !== HEADER) {
    if (!isCanonicalBase64url(headerPart)) return null;
    try {
      const h = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
      if (h?.alg !== 'HS256') return null;
    } catch {
      return null;
    }
  }
  const expected = crypto.createHmac('sha256', key).update(token.slice(0, dot2)).digest('base64url');
  if (!crypto.timingSafeEqual(Buffer.from(sig, 'latin1'), Buffer.from(expected, 'latin1'))) return null;
  let c: Record<string, unknown>;
  try {
    c = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  return c && typeof c === 'object' && !Array.isArray(c) ? c : null;
}

export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID_RE.test(s);
}

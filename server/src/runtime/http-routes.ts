// GET routes registered by modules (a calendar feed, ...): plain HTTP answers outside the API. A pattern is
// "/" and segments, each literal or a `{name}` parameter with an optional literal suffix ('/calendar/{token}.ics').
// The server's own paths are refused, so a module can never shadow the API, the socket or the health checks.
import type { HttpRouteHandler } from './types.ts';

const PARAM = /^\{([A-Za-z_][A-Za-z0-9_]*)\}([A-Za-z0-9._~-]*)$/;
const LITERAL = /^[A-Za-z0-9._~-]+$/;

/**
 * First segments the server answers itself: the API, uploads, the socket, health checks, and the web
 * app's root, index and hashed assets.
 */
const RESERVED_SEGMENTS: readonly string[] = ['v2', 'ws', 'uploads', 'healthz', 'readyz', 'healthcheck', 'metrics', 'assets', 'index.html'];

type Segment = string | { param: string; suffix: string };

interface Pattern {
  pattern: string;
  /** What a request it answers is counted and logged under: the pattern, never the path. */
  key: { readonly method: string; readonly path: string };
  segments: Segment[];
  fn: HttpRouteHandler;
}

const BAD_PATTERN = (pattern: string) =>
  `HTTP route "${pattern}" must be "/" and segments, each literal or "{name}" with an optional literal suffix.`;

export class HttpRoutes {
  private readonly patterns: Pattern[] = [];

  get size(): number {
    return this.patterns.length;
  }

  add(method: string, pattern: string, fn: HttpRouteHandler): void {
    if (method !== 'GET') throw new Error(`HTTP route "${pattern}": only GET routes may be registered (HEAD is answered alike).`);
    if (typeof fn !== 'function') throw new Error(`The handler of HTTP route "${pattern}" must be a function.`);
    if (typeof pattern !== 'string' || !pattern.startsWith('/')) throw new Error(BAD_PATTERN(String(pattern)));
    const names = new Set<string>();
    const segments = pattern.slice(1).split('/').map((part): Segment => {
      const m = PARAM.exec(part);
      if (m) {
        if (names.has(m[1])) throw new Error(`HTTP route "${pattern}" names {${m[1]}} twice.`);
        names.add(m[1]);
        return { param: m[1], suffix: m[2] };
      }
      if (!LITERAL.test(part)) throw new Error(BAD_PATTERN(pattern));
      return part;
    });
    const first = segments[0];
    if (typeof first !== 'string') throw new Error(`HTTP route "${pattern}" must start with a literal segment.`);
    if (RESERVED_SEGMENTS.includes(first.toLowerCase())) {
      throw new Error(`HTTP route "${pattern}" collides with the server's own /${first}.`);
    }
    const shape = (s: Segment[]) => s.map((x) => (typeof x === 'string' ? x : `{}${x.suffix}`)).join('/');
    if (this.patterns.some((p) => shape(p.segments) === shape(segments))) {
      throw new Error(`An HTTP route of the shape "${pattern}" is already registered.`);
    }
    this.patterns.push({ pattern, key: { method: 'GET', path: pattern }, segments, fn });
    // A literal segment is more specific than a parameter: '/calendar/help' is tried before '/calendar/{token}'.
    const literals = (x: Pattern) => x.segments.filter((s) => typeof s === 'string').length;
    this.patterns.sort((a, b) => literals(b) - literals(a));
  }

  /** The handler of a path as requested (still escaped) and its decoded parameters; undefined when none matches. */
  match(path: string): { fn: HttpRouteHandler; params: Record<string, string>; key: Pattern['key'] } | undefined {
    if (!this.patterns.length) return undefined;
    const raw = path.slice(1).split('/');
    for (const p of this.patterns) {
      if (p.segments.length !== raw.length) continue;
      const params = matchSegments(p.segments, raw);
      if (params) return { fn: p.fn, params, key: p.key };
    }
    return undefined;
  }
}

function matchSegments(segments: Segment[], raw: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (typeof s === 'string') {
      if (s !== raw[i]) return undefined;
      continue;
    }
    if (!raw[i].endsWith(s.suffix) || raw[i].length === s.suffix.length) return undefined;
    let value: string;
    try {
      value = decodeURIComponent(raw[i].slice(0, raw[i].length - s.suffix.length));
    } catch {
      return undefined;
    }
    if (value === '' || value.includes('/')) return undefined;
    params[s.param] = value;
  }
  return params;
}

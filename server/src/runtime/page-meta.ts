// Page metadata registered by modules: which function describes the web app's page at a path. Patterns
// are few ('/news/:id'), so a path is tried against each in turn.
import type { PageMetaFunction } from './types.ts';

const PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/;
const LITERAL = /^[A-Za-z0-9._~-]+$/;

interface Pattern {
  /** A literal segment, or { param } for a `:name` one. */
  segments: (string | { param: string })[];
  fn: PageMetaFunction;
}

/** The path's segments, each decoded; undefined for an empty segment or a bad escape. */
function segmentsOf(path: string): string[] | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (!trimmed.startsWith('/')) return undefined;
  const raw = trimmed.slice(1).split('/');
  try {
    const out = raw.map((s) => decodeURIComponent(s));
    return out.some((s) => s === '') ? undefined : out;
  } catch {
    return undefined;
  }
}

export class PageMetaRoutes {
  private readonly patterns: Pattern[] = [];

  get size(): number {
    return this.patterns.length;
  }

  add(pattern: string, fn: PageMetaFunction): void {
    if (typeof fn !== 'function') throw new Error(`The page metadata of "${pattern}" must be a function.`);
    const parts = pattern.startsWith('/') ? pattern.slice(1).split('/') : [];
    const names = new Set<string>();
    const segments = parts.map((part) => {
      const param = PARAM.exec(part)?.[1];
      if (param) {
        if (names.has(param)) throw new Error(`Page pattern "${pattern}" names :${param} twice.`);
        names.add(param);
        return { param };
      }
      if (!LITERAL.test(part)) throw new Error(`Page pattern "${pattern}" must be "/" and segments, each literal or ":name".`);
      return part;
    });
    if (!segments.length) throw new Error(`Page pattern "${pattern}" must be "/" and segments, each literal or ":name".`);
    const shape = (s: Pattern['segments']) => s.map((x) => (typeof x === 'string' ? x : ':')).join('/');
    if (this.patterns.some((p) => shape(p.segments) === shape(segments))) {
      throw new Error(`Page metadata for "${pattern}" is already registered.`);
    }
    this.patterns.push({ segments, fn });
    // A literal segment is more specific than a parameter: '/news/create' is tried before '/news/:id'.
    const literals = (x: Pattern) => x.segments.filter((s) => typeof s === 'string').length;
    this.patterns.sort((a, b) => literals(b) - literals(a));
  }

  /** The function for a path as requested (still escaped) and its parameters; undefined when none matches. */
  match(path: string): { fn: PageMetaFunction; params: Record<string, string> } | undefined {
    if (!this.patterns.length) return undefined;
    const segments = segmentsOf(path);
    if (!segments) return undefined;
    for (const p of this.patterns) {
      if (p.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const ok = p.segments.every((s, i) => {
        if (typeof s === 'string') return s === segments[i];
        params[s.param] = segments[i];
        return true;
      });
      if (ok) return { fn: p.fn, params };
    }
    return undefined;
  }
}

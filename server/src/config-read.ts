// Reading one variable of the configuration: typed, checked, and refused with the variable's name.

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.variable = variable;
    this.name = 'ConfigError';
  }
}


export type Env = Record<string, string | undefined>;

export function str(env: Env, name: string, fallback: string): string {
  const v = env[name];
  return v === undefined || v === '' ? fallback : v;
}

export function optional(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v === '' ? undefined : v;
}

export function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function url(env: Env, name: string, protocols: string[]): string | undefined {
  const v = optional(env, name);
  if (v === undefined) return undefined;
  let ok = false;
  try {
    ok = protocols.includes(new URL(v).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw new ConfigError(name, `must be a ${protocols.map((p) => p + '//').join(' or ')} URL`);
  return v;
}

/** A comma-separated list, each item trimmed and lower-cased, checked by `valid`; '' when unset. */
export function list(env: Env, name: string, valid: RegExp, what: string): string {
  const items = str(env, name, '').split(',').map((x) => x.trim().toLowerCase()).filter(Boolean);
  const bad = items.find((x) => !valid.test(x));
  if (bad !== undefined) throw new ConfigError(name, `must be a comma-separated list of ${what}, got "${bad}"`);
  return [...new Set(items)].join(',');
}

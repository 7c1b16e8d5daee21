// A small leveled logger writing one line per entry to stdout (errors to stderr).

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

function format(level: LogLevel, msg: string, fields?: Record<string, unknown>): string {
  let line = `${new Date().toISOString()} ${level.toUpperCase()} ${msg}`;
  if (fields) {
    for (const [k, v] of Object.entries(fields)) {
      const value = v instanceof Error ? (v.stack ?? v.message) : typeof v === 'string' ? v : JSON.stringify(v);
      line += ` ${k}=${value}`;
    }
  }
  return line;
}

export function createLogger(level: LogLevel = 'info'): Logger {
  const min = order[level];
  const write = (l: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[l] < min) return;
    const line = format(l, msg, fields) + '\n';
    if (order[l] >= order.warn) process.stderr.write(line);
    else process.stdout.write(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

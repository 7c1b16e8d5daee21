// One interface over the embedded PGlite database and a PostgreSQL server.

export interface Queryable {
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs one parameterised statement and returns the number of rows it affected. */
  execute(sql: string, params?: unknown[]): Promise<number>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn in a transaction. Serialization failures and deadlocks are retried,
   * so fn must not have side effects outside the database.
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  script(sql: string): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL); absent on the embedded database, a single connection. */
  pool?(): PoolStats;
}

interface PoolStats {
  /** Connections open. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

const RETRYABLE = new Set(['40001', '40P01']);
export const MAX_TX_ATTEMPTS = 5;

export function isRetryable(err: unknown): boolean {
  return RETRYABLE.has((err as { code?: string } | null)?.code ?? '');
}

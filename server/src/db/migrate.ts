// Applies NNNN_name.sql files in order, once each, recording them per namespace.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.ts';

export interface MigrationSet {
  namespace: string;
  dir: string;
}

export const CORE_MIGRATIONS: MigrationSet = {
  namespace: 'core',
  dir: path.join(import.meta.dirname, 'migrations'),
};

export async function migrate(db: Db, sets: MigrationSet[]): Promise<string[]> {
  await db.script(`CREATE TABLE IF NOT EXISTS schema_migration (
    namespace text NOT NULL,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, name)
  )`);
  const applied: string[] = [];
  for (const set of sets) {
    const files = fs.readdirSync(set.dir).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
    const done = new Set(
      (await db.query<{ name: string }>('SELECT name FROM schema_migration WHERE namespace = $1', [set.namespace]))
        .map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(set.dir, file), 'utf8');
      await db.tx(async (q) => {
        // Several statements in one call: run them through the simple protocol inside the transaction.
        for (const statement of splitStatements(sql)) await q.execute(statement);
        await q.execute('INSERT INTO schema_migration (namespace, name) VALUES ($1, $2)', [set.namespace, file]);
      });
      applied.push(`${set.namespace}/${file}`);
    }
  }
  return applied;
}

/**
 * Splits a migration script on top-level semicolons (quotes, comments and $$ bodies respected).
 * @internal
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let cur = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    const two = sql.slice(i, i + 2);
    if (two === '--') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      cur += '\n';
      continue;
    }
    if (two === '/*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = findClosingQuote(sql, i, c);
      cur += sql.slice(i, end);
      i = end;
      continue;
    }
    if (c === '$') {
      const m = /^\$[A-Za-z_]*\$/.exec(sql.slice(i));
      if (m) {
        const tag = m[0];
        const end = sql.indexOf(tag, i + tag.length);
        const stop = end === -1 ? sql.length : end + tag.length;
        cur += sql.slice(i, stop);
        i = stop;
        continue;
      }
    }
    if (c === ';') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
      i++;
      continue;
    }
    cur += c;
    i++;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}

function findClosingQuote(sql: string, start: number, q: string): number {
  let i = start + 1;
  while (i < sql.length) {
    if (sql[i] === q) {
      if (sql[i + 1] === q) { i += 2; continue; }
      return i + 1;
    }
    i++;
  }
  return sql.length;
}

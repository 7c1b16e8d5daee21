// What a database holds, table by table, for tests that compare two databases (backup round trips).
import type { Queryable } from '../db/index.ts';

export interface TableDigest {
  rows: number;
  /** md5 of the table's rows as text, in the order of that text. */
  md5: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Every table outside the system schemas, by "schema.table", with its row count and a checksum of all its
 * rows; and every sequence, by "sequence schema.name", with its last value as the row count.
 */
export async function tableDigests(db: Queryable): Promise<Map<string, TableDigest>> {
  const tables = await db.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      ORDER BY 1, 2`,
  );
  const out = new Map<string, TableDigest>();
  // One statement for every table: a digest is taken around each call of a fuzz test.
  if (tables.length) {
    const rows = await db.query<TableDigest & { name: string }>(
      tables
        .map((t, i) => `SELECT $${i + 1}::text AS name, count(*)::int AS rows, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS md5
         FROM ${quote(t.schema)}.${quote(t.name)} t`)
        .join('\n UNION ALL '),
      tables.map((t) => `${t.schema}.${t.name}`),
    );
    const byName = new Map(rows.map(({ name, ...d }) => [name, d]));
    for (const t of tables) out.set(`${t.schema}.${t.name}`, byName.get(`${t.schema}.${t.name}`)!);
  }
  const sequences = await db.query<{ name: string; last: string | null }>(
    `SELECT schemaname || '.' || sequencename AS name, last_value::text AS last FROM pg_sequences ORDER BY 1`,
  );
  for (const s of sequences) out.set(`sequence ${s.name}`, { rows: Number(s.last ?? 0), md5: '' });
  return out;
}

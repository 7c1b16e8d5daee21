// SQL pieces the stores share: positional parameters, partial updates, soft deletion, text keys and rows' times.
import type { Queryable } from '@tribuna/server';

/** Collects positional parameters, starting with `first`: p(value) answers its placeholder. */
export function params(...first: unknown[]): { values: unknown[]; p: (v: unknown) => string } {
  const values = [...first];
  return {
    values,
    p: (v) => {
      values.push(v);
      return `$${values.length}`;
    },
  };
}

/** `column = $n` for each of the columns whose change is given; undefined leaves a column as it is. */
export function assign<C extends object>(p: (v: unknown) => string, changes: C, columns: readonly (keyof C & string)[]): string[] {
  return columns.filter((column) => changes[column] !== undefined).map((column) => `${column} = ${p(changes[column])}`);
}

/** Soft-deletes or restores a row of a table with delete_time; a no-op when already so (the first deletion's time stays). */
export async function setDeleted(db: Queryable, table: string, id: string, deleted: boolean): Promise<void> {
  await db.execute(
    `UPDATE ${table} SET delete_time = CASE WHEN $2 THEN now() END, update_time = now()
     WHERE id = $1 AND (delete_time IS NULL) = $2`,
    [id, deleted],
  );
}

/** The form names and titles are compared and ordered in: lower case, composed, independent of the database's locale. */
export const textKey = (text: string) => text.normalize('NFC').toLowerCase();

/** A LIKE pattern matching keys that start with the text's key. */
export const likePrefix = (text: string) => textKey(text).replace(/[\\%_]/g, '\\$&') + '%';

/** A row's creation and last change times, as ISO strings. */
export function times(r: { create_time: Date; update_time: Date }): { create_time: string; update_time: string } {
  return { create_time: r.create_time.toISOString(), update_time: r.update_time.toISOString() };
}

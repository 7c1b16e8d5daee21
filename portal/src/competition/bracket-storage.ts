// brackets-manager's storage over the competition_bracket table, scoped to one tournament. The library
// reads and writes whole entities and filters by equal fields; each entity is one jsonb row (its id
// included), so a filter is a containment test. Call it inside a transaction that holds the
// tournament's row lock: ids are the next free per kind, and the library reads before it writes.
import type { Queryable } from '@tribuna/server';
import type { CrudInterface, DataTypes, OmitId, Table } from 'brackets-manager';

type Id = DataTypes[Table]['id'];
type Entity = Record<string, unknown>;

export class SqlBracketStorage implements CrudInterface {
  readonly #q: Queryable;
  readonly #tournamentId: string;

  constructor(q: Queryable, tournamentId: string) {
    this.#q = q;
    this.#tournamentId = tournamentId;
  }

  insert<T extends Table>(table: T, value: OmitId<DataTypes[T]>): Promise<Id>;
  insert<T extends Table>(table: T, values: OmitId<DataTypes[T]>[]): Promise<boolean>;
  async insert<T extends Table>(table: T, arg: OmitId<DataTypes[T]> | OmitId<DataTypes[T]>[]): Promise<Id | boolean> {
    const values = Array.isArray(arg) ? arg : [arg];
    const [{ next }] = await this.#q.query<{ next: number }>(
      'SELECT COALESCE(MAX(id) + 1, 0) AS next FROM competition_bracket WHERE tournament_id = $1 AND kind = $2',
      [this.#tournamentId, table],
    );
    if (values.length > 0) {
      const rows = values.map((v, i) => ({ ...v, id: next + i }));
      await this.#q.execute(
        `INSERT INTO competition_bracket (tournament_id, kind, id, data)
         SELECT $1, $2, (e->>'id')::integer, e FROM jsonb_array_elements($3::jsonb) AS e`,
        [this.#tournamentId, table, JSON.stringify(rows)],
      );
    }
    return Array.isArray(arg) ? true : next;
  }

  select<T extends Table>(table: T): Promise<DataTypes[T][] | null>;
  select<T extends Table>(table: T, id: Id): Promise<DataTypes[T] | null>;
  select<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<DataTypes[T][] | null>;
  async select<T extends Table>(table: T, arg?: Id | Partial<DataTypes[T]>): Promise<DataTypes[T] | DataTypes[T][] | null> {
    if (arg === undefined || typeof arg === 'object') return (await this.#rows(table, arg ?? {})) as unknown as DataTypes[T][];
    const rows = await this.#q.query<{ data: DataTypes[T] }>(
      'SELECT data FROM competition_bracket WHERE tournament_id = $1 AND kind = $2 AND id = $3',
      [this.#tournamentId, table, Number(arg)],
    );
    return rows[0]?.data ?? null;
  }

  update<T extends Table>(table: T, id: Id, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(table: T, filter: Partial<DataTypes[T]>, value: Partial<DataTypes[T]>): Promise<boolean>;
  async update<T extends Table>(table: T, arg: Id | Partial<DataTypes[T]>, value: Partial<DataTypes[T]>): Promise<boolean> {
    if (typeof arg !== 'object') return this.#write(table, { ...value, id: Number(arg) });
    // A partial update of each match: objects one level down (the opponents) are merged, not replaced,
    // as in the library's reference storage.
    for (const row of await this.#rows(table, arg)) {
      for (const [key, v] of Object.entries(value)) {
        const old = row[key];
        row[key] = isObject(old) && isObject(v) ? { ...old, ...v } : v;
      }
      await this.#write(table, row);
    }
    return true;
  }

  delete<T extends Table>(table: T): Promise<boolean>;
  delete<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<boolean>;
  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    await this.#q.execute('DELETE FROM competition_bracket WHERE tournament_id = $1 AND kind = $2 AND data @> $3::jsonb', [
      this.#tournamentId,
      table,
      JSON.stringify(filter ?? {}),
    ]);
    return true;
  }

  async #rows(table: Table, filter: object): Promise<Entity[]> {
    const rows = await this.#q.query<{ data: Entity }>(
      'SELECT data FROM competition_bracket WHERE tournament_id = $1 AND kind = $2 AND data @> $3::jsonb ORDER BY id',
      [this.#tournamentId, table, JSON.stringify(filter)],
    );
    return rows.map((r) => r.data);
  }

  async #write(table: Table, entity: Entity): Promise<boolean> {
    const n = await this.#q.execute('UPDATE competition_bracket SET data = $4::jsonb WHERE tournament_id = $1 AND kind = $2 AND id = $3', [
      this.#tournamentId,
      table,
      Number(entity.id),
      JSON.stringify(entity),
    ]);
    return n > 0;
  }
}

const isObject = (v: unknown): v is Entity => typeof v === 'object' && v !== null && !Array.isArray(v);

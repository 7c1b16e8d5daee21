// What a team's photos and videos share: items in sections, both soft-deleted and restored by the team's
// managers, who alone see deleted ones. An item of a deleted section is hidden like a deleted item.
// Each area passes its own store functions.
import { z } from 'zod';
import { failedPrecondition, invalid, notFound, type Queryable } from '@tribuna/server';
import type { Direction } from '../lib/keyset.ts';
import { rpc, uuid } from '../lib/rpc.ts';
import { requireManager, seesDeleted } from './access.ts';

const NO_SECTION = 'Раздел не найден.';

/** A section or an item: its team and, when soft-deleted, its deletion time. */
export interface TeamOwned {
  team_id: string;
  delete_time?: string;
}

/** An item and whether its section is deleted (which hides it as well). */
export interface ItemLookup<I> {
  item: I;
  sectionDeleted: boolean;
}

type Get<T> = (db: Queryable, id: string) => Promise<T | undefined>;

/** Who may see and change a kind of section. */
export function sectionAccess<S extends TeamOwned>(getSection: Get<S>) {
  const access = {
    /** A section as its viewer may see it: a deleted one exists for managers only. */
    async visible(db: Queryable, id: string, userId: string): Promise<S> {
      const s = await getSection(db, id);
      if (!s || (s.delete_time && !(await seesDeleted(db, s.team_id, userId)))) throw notFound(NO_SECTION);
      return s;
    },

    /** A section, deleted or not, of a team the caller manages. */
    async managed(db: Queryable, id: string, userId: string): Promise<S> {
      const s = await getSection(db, id);
      if (!s) throw notFound(NO_SECTION);
      await requireManager(db, s.team_id, userId);
      return s;
    },

    /** A section items may be put in: one of the same team, not deleted. */
    async target(db: Queryable, teamId: string, sectionId: string): Promise<void> {
      const s = await getSection(db, sectionId);
      if (!s) throw notFound(NO_SECTION);
      if (s.team_id !== teamId) throw invalid('section_id: раздел принадлежит другой команде.');
      if (s.delete_time) throw failedPrecondition('Раздел удалён: восстановите его или выберите другой.');
    },

    /** Changes a section of a team the caller manages, deleted or not; omitted fields stay. */
    async update<C>(db: Queryable, userId: string, input: { id: string } & C, change: (db: Queryable, id: string, c: C) => Promise<S | undefined>): Promise<S> {
      await access.managed(db, input.id, userId);
      const { id, ...changes } = input;
      const s = await change(db, id, changes as unknown as C);
      if (!s) throw notFound(NO_SECTION);
      return s;
    },
  };
  return access;
}

/** Who may see and change a kind of item; `missing` is the NotFound message of an item not found. */
export function itemAccess<I extends TeamOwned>(getItem: Get<ItemLookup<I>>, missing: string) {
  return {
    /** An item as its viewer may see it: a deleted one, or one of a deleted section, exists for managers only. */
    async visible(db: Queryable, id: string, userId: string): Promise<I> {
      const found = await getItem(db, id);
      const hidden = found && (found.item.delete_time || found.sectionDeleted);
      if (!found || (hidden && !(await seesDeleted(db, found.item.team_id, userId)))) throw notFound(missing);
      return found.item;
    },

    /** An item, deleted or not, of a team the caller manages. */
    async managed(db: Queryable, id: string, userId: string): Promise<I> {
      const found = await getItem(db, id);
      if (!found) throw notFound(missing);
      await requireManager(db, found.item.team_id, userId);
      return found.item;
    },

    /** Answers a changed item; NotFound when it went missing meanwhile. */
    found(item: I | undefined): I {
      if (!item) throw notFound(missing);
      return item;
    },
  };
}

/**
 * The delete and restore RPCs of one kind of section or item, for those `manage` lets through (it throws
 * for anyone else). Soft: a deleted one is hidden until restored; repeating either is a no-op.
 */
export function deleteAndRestore<D extends string, R extends string>(
  ids: { delete: D; restore: R },
  manage: (db: Queryable, id: string, userId: string) => Promise<unknown>,
  setDeleted: (db: Queryable, id: string, deleted: boolean) => Promise<void>,
) {
  const change = <Id extends string>(id: Id, deleted: boolean) =>
    rpc(id, 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
      await manage(nk.db, input.id, userId);
      await setDeleted(nk.db, input.id, deleted);
      return {};
    }, { limit: 'write' });
  return [change(ids.delete, true), change(ids.restore, false)] as const;
}

export interface ListingInput {
  team_id: string;
  include_deleted: boolean;
  sort_order: Direction;
  limit: number;
  cursor?: string;
}

/**
 * What every listing of a team's sections or items asks the store: include_deleted counts for managers
 * and is ignored for everyone else. NotFound for an unknown team, whatever include_deleted says.
 */
export async function listing(db: Queryable, userId: string, input: ListingInput) {
  const manager = await seesDeleted(db, input.team_id, userId);
  return {
    teamId: input.team_id,
    includeDeleted: input.include_deleted && manager,
    dir: input.sort_order,
    limit: input.limit,
    cursor: input.cursor || undefined,
  };
}

// The `nk` facade's storage, with system rights as upstream's runtime calls: no permission checks, any owner.
import { SYSTEM_USER_ID, type Storage, type StorageId } from '../core/storage.ts';
import type { StorageAckRecord, StorageRecord } from '../encode.ts';
import { invalid } from '../errors.ts';

/** A storage object's id; the owner is the system user when userId is omitted or empty. */
export interface NkStorageId {
  collection: string;
  key: string;
  userId?: string | null;
}

export interface NkStorageDeleteId extends NkStorageId {
  /** When set, the stored version must match. */
  version?: string;
}

export interface NkStorageWrite extends NkStorageId {
  value: Record<string, unknown>;
  /** "" (default) writes unconditionally, "*" only if absent, a version only if it matches. */
  version?: string;
  /** 0 none, 1 owner (default), 2 public. */
  permissionRead?: number;
  /** 0 none, 1 owner (default). */
  permissionWrite?: number;
}

export interface NkStorageObject {
  collection: string;
  key: string;
  userId: string;
  value: Record<string, unknown>;
  version: string;
  permissionRead: number;
  permissionWrite: number;
  createTime: Date;
  updateTime: Date;
}

export type NkStorageAck = StorageAckRecord;

export interface NkStorageList {
  objects: NkStorageObject[];
  cursor?: string;
}

/** Storage writes, also offered bound to a transaction (nk.tx). */
export interface NkStorageWrites {
  /** The objects that exist, in request order. */
  storageRead(ids: NkStorageId[]): Promise<NkStorageObject[]>;
  /** One transaction: a rejected object (version check) rejects the batch. Acks in request order. */
  storageWrite(objects: NkStorageWrite[]): Promise<NkStorageAck[]>;
  /** One transaction; missing objects are ignored unless a version is given. */
  storageDelete(ids: NkStorageDeleteId[]): Promise<void>;
}

export interface NkStorage extends NkStorageWrites {
  /** A page ordered by key: one owner's objects, or every owner's when userId is null; limit 1-100 (default 100). */
  storageList(userId: string | null, collection: string, limit?: number, cursor?: string): Promise<NkStorageList>;
}

function storageId(id: NkStorageId): StorageId {
  return { collection: id.collection, key: id.key, userId: id.userId || SYSTEM_USER_ID };
}

function storageObject(o: StorageRecord): NkStorageObject {
  return { ...o, value: JSON.parse(o.value) as Record<string, unknown> };
}

function storageValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    throw invalid('Value must be a JSON object.');
  }
}

/** The facade over a Storage: the core's, or one bound to a transaction. */
export function storageNk(storage: Storage): NkStorage {
  return {
    storageRead: async (ids) => (await storage.read(null, ids.map(storageId))).map(storageObject),
    storageWrite: (objects) =>
      storage.write(
        objects.map((o) => ({
          ...storageId(o),
          value: storageValue(o.value),
          version: o.version,
          permissionRead: o.permissionRead,
          permissionWrite: o.permissionWrite,
        })),
        true,
      ),
    async storageList(userId, collection, limit = 100, cursor) {
      const page = await storage.list(null, userId, collection, limit, cursor);
      const out: NkStorageList = { objects: page.objects.map(storageObject) };
      if (page.cursor) out.cursor = page.cursor;
      return out;
    },
    storageDelete: (ids) => storage.delete(ids.map((id) => ({ ...storageId(id), version: id.version })), true),
  };
}

// Storage objects: read, write and delete in batches, and list a collection (/v2/storage).
import type { Core } from '../core/index.ts';
import { SYSTEM_USER_ID } from '../core/storage.ts';
import { isUuid } from '../tokens.ts';
import { put, storageAckMsg, storageObjectMsg, type Msg } from '../encode.ts';
import { invalid } from '../errors.ts';
import type { ApiRequest, Route } from '../http/routes.ts';

const BAD_USER_ID = 'Invalid user ID - make sure user ID is a valid UUID.';

/** A read's owner: an empty user_id reads the system user's objects; the nil uuid itself is refused (upstream). */
function readOwner(userId: string | undefined): string {
  if (!userId) return SYSTEM_USER_ID;
  if (!isUuid(userId) || userId === SYSTEM_USER_ID) throw invalid(BAD_USER_ID);
  return userId;
}

export function storageRoutes(core: Core): Route[] {
  const { storage } = core;

  const list = async (req: ApiRequest, owner: string | undefined): Promise<Msg> => {
    const page = await storage.list(
      req.session.uid,
      owner || null,
      req.params.collection,
      req.query.int('limit') ?? 1,
      req.query.string('cursor') || undefined,
    );
    const out: Msg = {};
    put(out, 'objects', page.objects.map(storageObjectMsg));
    put(out, 'cursor', page.cursor);
    return out;
  };

  return [
    {
      method: 'POST',
      path: '/v2/storage',
      auth: 'bearer',
      async handler(req) {
        const ids = req.body().list('object_ids').map((f) => ({
          collection: f.string('collection') ?? '',
          key: f.string('key') ?? '',
          userId: readOwner(f.string('user_id')),
        }));
        const out: Msg = {};
        put(out, 'objects', (await storage.read(req.session.uid, ids)).map(storageObjectMsg));
        return out;
      },
    },
    {
      method: 'PUT',
      path: '/v2/storage',
      auth: 'bearer',
      async handler(req) {
        const objects = req.body().list('objects').map((f) => ({
          collection: f.string('collection') ?? '',
          key: f.string('key') ?? '',
          userId: req.session.uid,
          value: f.string('value') ?? '',
          version: f.string('version') ?? '',
          permissionRead: f.int('permission_read'),
          permissionWrite: f.int('permission_write'),
        }));
        const out: Msg = {};
        put(out, 'acks', (await storage.write(objects, false)).map(storageAckMsg));
        return out;
      },
    },
    {
      method: 'PUT',
      path: '/v2/storage/delete',
      auth: 'bearer',
      async handler(req) {
        const ids = req.body().list('object_ids').map((f) => ({
          collection: f.string('collection') ?? '',
          key: f.string('key') ?? '',
          userId: req.session.uid,
          version: f.string('version') ?? '',
        }));
        await storage.delete(ids, false);
        return {};
      },
    },
    {
      method: 'GET',
      path: '/v2/storage/{collection}',
      auth: 'bearer',
      handler: (req) => list(req, req.query.string('user_id')),
    },
    {
      method: 'GET',
      path: '/v2/storage/{collection}/{userId}',
      auth: 'bearer',
      handler: (req) => list(req, req.params.userId),
    },
  ];
}

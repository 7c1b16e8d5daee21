// Users by id (the game server's getUsers), to show people by name wherever only their ids are known
// (authors, chat senders): one cached query per user, and the ids asked for at about the same time
// fetched together in one call.
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { client } from '../../lib/nakama/client.ts';
import { call } from '../../lib/nakama/errors.ts';
import { sessionManager } from '../../lib/nakama/session.ts';

export interface PublicUser {
  id: string;
  username?: string;
  display_name?: string;
  avatar_url?: string;
}

/** Ids in one getUsers call: its address stays short. */
const BATCH = 100;
/** People rarely rename themselves: a name fetched once serves for a while. */
const STALE_MS = 5 * 60_000;

const userKeys = {
  all: ['users'] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
};

interface Waiting {
  resolve(user: PublicUser): void;
  reject(err: unknown): void;
}

let waiting = new Map<string, Waiting[]>();
let scheduled = false;

async function fetchBatch(batch: Map<string, Waiting[]>): Promise<void> {
  const ids = [...batch.keys()];
  try {
    const s = await sessionManager.current();
    const { users = [] } = await call(client.getUsers(s, ids));
    const byId = new Map(users.map((u) => [u.id, u as PublicUser]));
    // An unknown (deleted) user is just their id: shown as a nameless participant.
    for (const [id, list] of batch) for (const w of list) w.resolve(byId.get(id) ?? { id });
  } catch (err) {
    for (const list of batch.values()) for (const w of list) w.reject(err);
  }
}

function flush(): void {
  scheduled = false;
  const all = [...waiting];
  waiting = new Map();
  for (let i = 0; i < all.length; i += BATCH) void fetchBatch(new Map(all.slice(i, i + BATCH)));
}

/** One user, fetched with the others asked for in the same turn of the event loop. */
function fetchUser(id: string): Promise<PublicUser> {
  return new Promise((resolve, reject) => {
    waiting.set(id, [...(waiting.get(id) ?? []), { resolve, reject }]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}

/** The users fetched so far by id; one still loading is absent. */
function byId(results: UseQueryResult<PublicUser>[]): Record<string, PublicUser> {
  const out: Record<string, PublicUser> = {};
  for (const r of results) if (r.data) out[r.data.id] = r.data;
  return out;
}

/** The users of these ids (repeats and empty ids ignored), by id. */
export function useUsers(ids: readonly (string | undefined)[]): Record<string, PublicUser> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  return useQueries({
    queries: unique.map((id) => ({ queryKey: userKeys.detail(id), queryFn: () => fetchUser(id), staleTime: STALE_MS })),
    combine: byId,
  });
}

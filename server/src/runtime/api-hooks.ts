// The REST API calls modules may hook before (upstream's registerBefore<Name>), each with the fields of
// its request, so that what a hook returns is checked before the call goes on with it.
import type { ApiName, ApiRequests } from './types.ts';

type FieldKind = 'string' | 'boolean' | 'integer' | 'strings';

const GROUP = { groupId: 'string' } as const;
const GROUP_USERS = { groupId: 'string', userIds: 'strings' } as const;
const GROUP_SETTINGS = { name: 'string', description: 'string', langTag: 'string', avatarUrl: 'string', open: 'boolean' } as const;

/** Every hookable call and its request's fields. */
const API_REQUESTS = {
  CreateGroup: { ...GROUP_SETTINGS, maxCount: 'integer' },
  UpdateGroup: { ...GROUP, ...GROUP_SETTINGS },
  DeleteGroup: GROUP,
  JoinGroup: GROUP,
  LeaveGroup: GROUP,
  AddGroupUsers: GROUP_USERS,
  KickGroupUsers: GROUP_USERS,
  BanGroupUsers: GROUP_USERS,
  PromoteGroupUsers: GROUP_USERS,
  DemoteGroupUsers: GROUP_USERS,
} as const satisfies { [K in ApiName]: { [F in keyof ApiRequests[K]]-?: FieldKind } };

export const API_NAMES = Object.keys(API_REQUESTS) as ApiName[];

function fits(kind: FieldKind, v: unknown): boolean {
  if (kind === 'strings') return Array.isArray(v) && v.every((x) => typeof x === 'string');
  if (kind === 'integer') return Number.isSafeInteger(v);
  return typeof v === kind;
}

/**
 * The request a hook returned, with only its call's fields (absent ones left out); a field of the wrong
 * type is the module's mistake and throws a plain Error.
 */
export function checkedRequest<K extends ApiName>(name: K, value: unknown): ApiRequests[K] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`The before hook of ${name} returned a ${Array.isArray(value) ? 'list' : typeof value}, not a request object.`);
  }
  const out: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(API_REQUESTS[name]) as [string, FieldKind][]) {
    const v = (value as Record<string, unknown>)[field];
    if (v === undefined || v === null) continue;
    if (!fits(kind, v)) throw new Error(`The before hook of ${name} returned ${field} that is not a ${kind === 'strings' ? 'list of strings' : kind}.`);
    out[field] = v;
  }
  return out as unknown as ApiRequests[K];
}

// The portal's chats live in game-server groups: a team's chat in the closed group `team:<teamId>`, a
// named chat in the closed group `chat:<uuid>`. The client's group API may neither change those groups
// (they follow the roster and the chat RPCs) nor make a group under a name the portal reserves: a user
// holding `team:<id>` would keep that team from having a chat. The portal changes them through nk, which
// these hooks do not see.
import { isUuid, permissionDenied, type Initializer, type Nk } from '@tribuna/server';
import { isPortalGroup } from './store.ts';

const MANAGED = 'Этой группой управляет портал: используйте чат на сайте.';
const RESERVED = 'Названия групп, начинающиеся с «team:» или «chat:», заняты порталом.';
const RESERVED_PREFIXES = ['team:', 'chat:'];

/** Group names are unique whatever their case, so the prefixes are too. */
const reserved = (name: string | undefined) => name !== undefined && RESERVED_PREFIXES.some((p) => name.toLowerCase().startsWith(p));

/** Refuses a call on one of the portal's groups; any other group's request goes on as it is. */
async function notPortals<T extends { groupId: string }>(nk: Nk, request: T): Promise<T> {
  if (isUuid(request.groupId) && (await isPortalGroup(nk.db, request.groupId.toLowerCase()))) throw permissionDenied(MANAGED);
  return request;
}

export function registerGroupHooks(initializer: Initializer): void {
  initializer.registerBeforeCreateGroup((_ctx, _logger, _nk, request) => {
    if (reserved(request.name)) throw permissionDenied(RESERVED);
    return request;
  });
  initializer.registerBeforeUpdateGroup(async (_ctx, _logger, nk, request) => {
    await notPortals(nk, request);
    if (reserved(request.name)) throw permissionDenied(RESERVED);
    return request;
  });
  initializer.registerBeforeDeleteGroup((_ctx, _logger, nk, request) => notPortals(nk, request));
  initializer.registerBeforeJoinGroup((_ctx, _logger, nk, request) => notPortals(nk, request));
  initializer.registerBeforeLeaveGroup((_ctx, _logger, nk, request) => notPortals(nk, request));
  initializer.registerBeforeAddGroupUsers((_ctx, _logger, nk, request) => notPortals(nk, request));
  initializer.registerBeforeKickGroupUsers((_ctx, _logger, nk, request) => notPortals(nk, request));
  initializer.registerBeforeBanGroupUsers((_ctx, _logger, nk, request) => notPortals(nk, request));
  initializer.registerBeforePromoteGroupUsers((_ctx, _logger, nk, request) => notPortals(nk, request));
  initializer.registerBeforeDemoteGroupUsers((_ctx, _logger, nk, request) => notPortals(nk, request));
}

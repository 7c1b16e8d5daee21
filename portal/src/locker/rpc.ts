// Locker room: a team's formations and its players' places on the pitch. Members look, managers arrange.
// Field names are camelCase as the spec gives them; snake_case input is accepted too.
import { z } from 'zod';
import { alreadyExists, failedPrecondition, isUniqueViolation, notFound, type Queryable } from '@tribuna/server';
import { requiredLineField, rpc, uuid } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { lockTeam, readLocked, requireManager, requireMember } from '../teams/index.ts';
import {
  createFormation, createPosition, deleteFormation, deletePosition, getFormation, getPosition, listFormations,
  listPositions, membership, movePosition, updateFormation,
} from './store.ts';

/** Renames snake_case keys to camelCase; a camelCase key given too wins. */
function camelKeys(v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (camel !== key && camel in v) continue;
    out[camel] = value;
  }
  return out;
}
/** Typed by the object's own input (camelCase) for clients; preprocessing alone would make it unknown. */
const input = <S extends z.ZodRawShape>(shape: S) => {
  const object = z.object(shape);
  return z.preprocess(camelKeys, object) as unknown as z.ZodType<z.output<typeof object>, z.input<typeof object>>;
};

const name = requiredLineField(TEXT_LIMITS.formationName, 'укажите название формации.');
/** A fraction of the pitch; values outside 0..1 are clamped, not refused (a drag may overshoot the edge). */
const coordinate = z.number({ error: 'ожидалось число от 0 до 1.' }).transform((v) => Math.min(1, Math.max(0, v)));

const FORMATION_NOT_FOUND = 'Формация не найдена.';
const POSITION_NOT_FOUND = 'Позиция не найдена.';

/** A formation read under its team's lock, so defaults and counts cannot change meanwhile. */
async function lockedFormation(q: Queryable, id: string) {
  const f = await readLocked(q, getFormation, (g) => g.teamId, id);
  if (!f) throw notFound(FORMATION_NOT_FOUND);
  return f;
}

/** A formation of the given team; another team's formation is as good as missing. */
async function formationOf(q: Queryable, teamId: string, formationId: string) {
  const f = await getFormation(q, formationId);
  if (!f || f.teamId !== teamId) throw notFound(FORMATION_NOT_FOUND);
  return f;
}

export const lockerRpcs = [
  // Managers. isDefault makes it the team's default and the others not.
  rpc(
    'create_team_formation',
    'registered',
    input({ teamId: uuid, name, isDefault: z.boolean().default(false) }),
    async ({ input: i, userId, nk }) =>
      nk.db.tx(async (q) => {
        await requireManager(q, i.teamId, userId);
        await lockTeam(q, i.teamId);
        return createFormation(q, nk.uuid(), i.teamId, i.name, i.isDefault);
      }),
    { limit: 'create' },
  ),

  // Managers. isDefault true switches the team's default to it; the default cannot be unset, only replaced.
  rpc(
    'update_team_formation',
    'registered',
    input({ id: uuid, name: name.optional(), isDefault: z.boolean().optional() }),
    async ({ input: i, userId, nk }) =>
      nk.db.tx(async (q) => {
        const f = await lockedFormation(q, i.id);
        await requireManager(q, f.teamId, userId);
        if (i.isDefault === false && f.isDefault) {
          throw failedPrecondition('Нельзя снять отметку с формации по умолчанию: выберите по умолчанию другую.');
        }
        return updateFormation(q, f, i.name, i.isDefault);
      }),
    { limit: 'write' },
  ),

  // Managers. Its positions go too; the oldest remaining formation becomes the default if it was.
  rpc('delete_team_formation', 'registered', input({ id: uuid }), async ({ input: i, userId, nk }) => {
    await nk.db.tx(async (q) => {
      const f = await lockedFormation(q, i.id);
      await requireManager(q, f.teamId, userId);
      if (!(await deleteFormation(q, f))) throw failedPrecondition('Нельзя удалить единственную формацию команды.');
    });
    return {};
  }, { limit: 'write' }),

  // Members; the default first, then in creation order.
  rpc('list_team_formations', 'session', input({ teamId: uuid }), async ({ input: i, userId, nk }) => {
    await requireMember(nk.db, i.teamId, userId);
    return { formations: await listFormations(nk.db, i.teamId) };
  }),

  // Managers. The player must be confirmed in the team and not yet placed in this formation.
  rpc(
    'create_team_player_position',
    'registered',
    input({ teamId: uuid, formationId: uuid, playerId: uuid, x: coordinate, y: coordinate }),
    async ({ input: i, userId, nk }) => {
      try {
        return await nk.db.tx(async (q) => {
          await requireManager(q, i.teamId, userId);
          // Under the team lock the player cannot leave between the check and the insert.
          await lockTeam(q, i.teamId);
          await formationOf(q, i.teamId, i.formationId);
          const status = await membership(q, i.teamId, i.playerId);
          if (!status) throw notFound('Игрок не найден в составе команды.');
          if (status !== 'confirmed') throw failedPrecondition('Игрок ещё не подтверждён в команде.');
          return createPosition(q, { id: nk.uuid(), ...i });
        });
      } catch (err) {
        if (isUniqueViolation(err, 'team_player_position_formation_player_key')) {
          throw alreadyExists('Игрок уже стоит на поле в этой формации.');
        }
        throw err;
      }
    },
    { limit: 'create' },
  ),

  // Managers; moves a placed player.
  rpc('update_team_player_position', 'registered', input({ id: uuid, x: coordinate, y: coordinate }), async ({ input: i, userId, nk }) => {
    const p = await getPosition(nk.db, i.id);
    if (!p) throw notFound(POSITION_NOT_FOUND);
    await requireManager(nk.db, p.teamId, userId);
    const moved = await movePosition(nk.db, i.id, i.x, i.y);
    if (!moved) throw notFound(POSITION_NOT_FOUND);
    return moved;
  }, { limit: 'write' }),

  // Managers; the player goes back to the bench.
  rpc('delete_team_player_position', 'registered', input({ id: uuid }), async ({ input: i, userId, nk }) => {
    const p = await getPosition(nk.db, i.id);
    if (!p) throw notFound(POSITION_NOT_FOUND);
    await requireManager(nk.db, p.teamId, userId);
    if (!(await deletePosition(nk.db, i.id))) throw notFound(POSITION_NOT_FOUND);
    return {};
  }, { limit: 'write' }),

  // Members.
  rpc('list_team_player_positions', 'session', input({ teamId: uuid, formationId: uuid }), async ({ input: i, userId, nk }) => {
    await requireMember(nk.db, i.teamId, userId);
    await formationOf(nk.db, i.teamId, i.formationId);
    return { positions: await listPositions(nk.db, i.teamId, i.formationId) };
  }),
];

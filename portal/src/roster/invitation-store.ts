// Invitations' SQL (migrations/0020_team_invitations.sql): to a user, or a join link kept as its token's hash.
import crypto from 'node:crypto';
import type { Queryable } from '@tribuna/server';
import { decodeCursor, encodeCursor, isUuid, paged } from '../lib/cursor.ts';
import { params } from '../lib/sql.ts';
import { type TeamSummary, teamSummary } from '../teams/index.ts';

export interface TeamInvitation {
  id: string;
  team_id: string;
  kind: 'user' | 'link';
  /** The user invited (kind 'user'). */
  invitee_id?: string;
  /** The manager who made it. */
  creator_id: string;
  /** Links only: when it stops being accepted, and how many may join by it; absent means never and any. */
  expire_time?: string;
  max_uses?: number;
  /** Links only: how many have joined by it. */
  use_count: number;
  create_time: string;
  team: TeamSummary;
}

interface Row {
  id: string;
  team_id: string;
  invitee_id: string | null;
  creator_id: string;
  expire_time: Date | null;
  max_uses: number | null;
  use_count: number;
  create_time: Date;
  team: TeamSummary;
  /** create_time in microseconds since the epoch: the cursor keeps the database's full precision. */
  time_us: string;
}

const COLUMNS = `i.id, i.team_id, i.invitee_id, i.creator_id, i.expire_time, i.max_uses, i.use_count, i.create_time,
  ${teamSummary('t')} AS team, (extract(epoch FROM i.create_time) * 1000000)::bigint::text AS time_us`;
const FROM = 'team_invitation i JOIN team t ON t.id = i.team_id';

function toInvitation(r: Row): TeamInvitation {
  const out: TeamInvitation = {
    id: r.id,
    team_id: r.team_id,
    kind: r.invitee_id ? 'user' : 'link',
    creator_id: r.creator_id,
    use_count: r.use_count,
    create_time: r.create_time.toISOString(),
    team: r.team,
  };
  if (r.invitee_id) out.invitee_id = r.invitee_id;
  if (r.expire_time) out.expire_time = r.expire_time.toISOString();
  if (r.max_uses !== null) out.max_uses = r.max_uses;
  return out;
}

/** A new link's secret: 24 random bytes in base64url (32 characters). Only its hash is stored. */
export const newToken = () => crypto.randomBytes(24).toString('base64url');
export const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface NewInvitation {
  id: string;
  teamId: string;
  creatorId: string;
  inviteeId?: string;
  token?: string;
  expireDays?: number;
  maxUses?: number;
}

/** Inserts an invitation; a second one for the same user and team is a unique violation (team_invitation_team_invitee_key). */
export async function insertInvitation(q: Queryable, n: NewInvitation): Promise<TeamInvitation> {
  await q.execute(
    `INSERT INTO team_invitation (id, team_id, creator_id, invitee_id, token_hash, expire_time, max_uses)
     VALUES ($1, $2, $3, $4, $5, now() + $6::int * interval '1 day', $7)`,
    [n.id, n.teamId, n.creatorId, n.inviteeId ?? null, n.token ? hashOf(n.token) : null, n.expireDays ?? null, n.maxUses ?? null],
  );
  return (await getInvitation(q, n.id))!;
}

export async function getInvitation(q: Queryable, id: string): Promise<TeamInvitation | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1`, [id]);
  return rows.length ? toInvitation(rows[0]) : undefined;
}

/** The link invitation of a token; undefined for a wrong or revoked one. */
export async function invitationByToken(q: Queryable, token: string): Promise<TeamInvitation | undefined> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.token_hash = $1`, [hashOf(token)]);
  return rows.length ? toInvitation(rows[0]) : undefined;
}

/** Whether a link no longer takes anyone: past its expiry or its cap on uses. */
export function linkClosed(inv: TeamInvitation, now = new Date()): 'expired' | 'used_up' | undefined {
  if (inv.expire_time && new Date(inv.expire_time) <= now) return 'expired';
  if (inv.max_uses !== undefined && inv.use_count >= inv.max_uses) return 'used_up';
  return undefined;
}

export async function countTeamInvitations(q: Queryable, teamId: string): Promise<number> {
  return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM team_invitation WHERE team_id = $1', [teamId]))[0].n;
}

export async function deleteInvitation(q: Queryable, id: string): Promise<void> {
  await q.execute('DELETE FROM team_invitation WHERE id = $1', [id]);
}

export async function countUse(q: Queryable, id: string): Promise<void> {
  await q.execute('UPDATE team_invitation SET use_count = use_count + 1 WHERE id = $1', [id]);
}

/**
 * The statement of a team's invitations, newest first (at most `limit`: the per-team cap); exported so tests can EXPLAIN it.
 * @internal
 */
export function teamInvitationsQuery(teamId: string, limit: number): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE i.team_id = $1 ORDER BY i.create_time DESC, i.id DESC LIMIT $2`,
    params: [teamId, limit],
  };
}

export async function listTeamInvitations(q: Queryable, teamId: string, limit: number): Promise<TeamInvitation[]> {
  const { sql, params: values } = teamInvitationsQuery(teamId, limit);
  return (await q.query<Row>(sql, values)).map(toInvitation);
}

type CursorKey = [timeUs: string, id: string];
const validCursor = (v: unknown[]) => v.length === 2 && typeof v[0] === 'string' && /^-?\d{1,18}$/.test(v[0]) && isUuid(v[1]);

export interface MyInvitationsFilter {
  userId: string;
  teamId?: string;
  limit: number;
  cursor?: string;
}

/**
 * The statement of a page of a user's invitations, newest first; exported so tests can EXPLAIN it.
 * @internal
 */
export function myInvitationsQuery(f: MyInvitationsFilter): { sql: string; params: unknown[] } {
  const { values, p } = params();
  const where = [`i.invitee_id = ${p(f.userId)}`];
  if (f.teamId) where.push(`i.team_id = ${p(f.teamId)}`);
  if (f.cursor) {
    const [timeUs, id] = decodeCursor<CursorKey>(f.cursor, validCursor);
    where.push(`(i.create_time, i.id) < ('epoch'::timestamptz + ${p(timeUs)}::bigint * interval '1 microsecond', ${p(id)}::uuid)`);
  }
  const sql = `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY i.create_time DESC, i.id DESC LIMIT ${p(f.limit + 1)}`;
  return { sql, params: values };
}

export async function listMyInvitations(q: Queryable, f: MyInvitationsFilter): Promise<{ invitations: TeamInvitation[]; cursor?: string }> {
  const { sql, params: values } = myInvitationsQuery(f);
  const rows = await q.query<Row>(sql, values);
  return paged('invitations', rows, f.limit, toInvitation, (r) => encodeCursor([r.time_us, r.id] satisfies CursorKey));
}

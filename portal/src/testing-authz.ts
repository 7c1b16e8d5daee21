// The people and targets of the authorization test (authz.test.ts): one team with its owner, an admin
// (and a second admin who writes the team's news), a plain member, the creator of the items that have one
// (who owns the other team of a match), a stranger who owns a team of their own, a guest and a site administrator; and, per RPC, a
// builder of a fresh target and a valid payload for a given caller. Events, matches and answer deadlines lie
// days ahead, past the reminders' windows, so no reminder writes to the database while a row is compared.
import crypto from 'node:crypto';
import { Session } from '@heroiclabs/nakama-js';
import type { TestSmtpServer } from '@tribuna/server/testing';
import type { Role } from './authz-table.ts';
import { crowd, PNG, uploadPng, type Any, type Portal } from './testing.ts';

export const SITE_ADMIN_EMAIL = 'site-admin@example.com';

export interface World {
  p: Portal;
  smtp: TestSmtpServer;
  people: Record<Role, Session>;
  /** A second admin of the team, who writes its news. */
  admin2: Session;
  teamId: string;
  /** The stranger's own team. */
  strangerTeamId: string;
  /** The other team of matches, owned by the creator. */
  otherTeamId: string;
  /** A confirmed player of each member of the team, by role. */
  playerOf: Partial<Record<Role, string>>;
  fileOf: Map<string, string>;
  teamChatId: string;
  /** Where test push subscriptions point: a loopback origin nothing answers on. */
  pushOrigin: string;
}

/** A payload, and who calls it when not the role's own person (a fresh invitee, a news item's author). */
export interface Target {
  input: object;
  as?: Session;
}
export type Fixture = (w: World, role: Role) => Promise<Target>;

const c = (w: World, s: Session, id: string, input: object): Promise<Any> => w.p.call(s, id, input);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function joinAs(p: Portal, owner: Session, s: Session, teamId: string, teamRole: number): Promise<string> {
  const player = await p.player(s);
  const tp = await p.call(s, 'request_join_team_player', { team_id: teamId, player_id: player.id });
  await p.call(owner, 'approve_team_player', { id: tp.id, team_role: teamRole });
  return player.id;
}

export async function makeWorld(p: Portal, smtp: TestSmtpServer, pushOrigin: string): Promise<World> {
  const [guest, stranger, member, admin, owner, creator, admin2] = await Promise.all([
    p.guest(), ...(await crowd(p.ts, 6)),
  ]);
  const { userId, username } = await p.ts.app.nk.authenticateVerifiedEmail(SITE_ADMIN_EMAIL);
  const tokens = p.ts.app.nk.authenticateTokenGenerate(userId, username);
  const siteSession = Session.restore(tokens.token, tokens.refreshToken);
  const teamId: string = (await p.team(owner!)).id;
  const otherTeamId: string = (await p.team(creator!)).id;
  // The stranger manages a team of their own: managing elsewhere gives no rights here.
  const strangerTeamId: string = (await p.team(stranger!)).id;
  const playerOf: Partial<Record<Role, string>> = {};
  playerOf.admin = await joinAs(p, owner!, admin!, teamId, 1);
  await joinAs(p, owner!, admin2!, teamId, 1);
  playerOf.member = await joinAs(p, owner!, member!, teamId, 0);
  const teamChatId: string = (await p.call(owner!, 'create_chat', { team_id: teamId })).id;
  return {
    p, smtp, pushOrigin, admin2: admin2!, strangerTeamId, teamId, otherTeamId, playerOf, fileOf: new Map(), teamChatId,
    people: { guest, stranger: stranger!, member: member!, admin: admin!, owner: owner!, creator: creator!, site: siteSession },
  };
}

/** An uploaded file of s, one per user. */
export async function fileOf(w: World, s: Session): Promise<string> {
  let id = w.fileOf.get(s.user_id!);
  if (!id) w.fileOf.set(s.user_id!, (id = await uploadPng(w.p.ts, s)));
  return id;
}

const fresh = async (w: World) => (await crowd(w.p.ts, 1))[0]!;
const only = (input: object): Fixture => async () => ({ input });
const on = (make: (w: World) => Promise<object>): Fixture => async (w) => ({ input: await make(w) });
const teamOnly = (make: (w: World) => object): Fixture => async (w) => ({ input: make(w) });

// Items of the team, made by its admin.
const A = (w: World) => w.people.admin;
const section = async (w: World) => (await c(w, A(w), 'create_team_photo_section', { team_id: w.teamId, title: 'Сезон' })).id;
const deletedSection = async (w: World) => {
  const id = await section(w);
  await c(w, A(w), 'delete_team_photo_section', { id });
  return id;
};
const photo = async (w: World) => (await c(w, A(w), 'create_team_photo', { team_id: w.teamId, section_id: await section(w), file_id: await fileOf(w, A(w)) })).id;
const videoSection = async (w: World) => (await c(w, A(w), 'create_team_video_section', { team_id: w.teamId, title: 'Голы' })).id;
const video = async (w: World, sectionId?: string) =>
  (await c(w, A(w), 'create_team_video', { team_id: w.teamId, section_id: sectionId ?? (await videoSection(w)), title: 'Гол', embed_url: 'https://youtu.be/dQw4w9WgXcQ' })).id;
const formation = async (w: World) => (await c(w, A(w), 'create_team_formation', { teamId: w.teamId, name: `Схема ${crypto.randomUUID().slice(0, 6)}` })).id;
const position = async (w: World) => {
  const formationId = await formation(w);
  return (await c(w, A(w), 'create_team_player_position', { teamId: w.teamId, formationId, playerId: w.playerOf.admin, x: 0.5, y: 0.5 })).id;
};
export const teamEvent = async (w: World) =>
  (await c(w, A(w), 'create_team_event', { team_id: w.teamId, title: 'Тренировка', type: 'training', event_time: inDays(3) })).id;

/** A request to join the team by the creator's new player. */
const request = async (w: World) => {
  const player = await w.p.player(w.people.creator);
  return (await c(w, w.people.creator, 'request_join_team_player', { team_id: w.teamId, player_id: player.id })).id;
};

/** A player on the team, made by a fresh user who joined with it and calls it in the creator's column. */
const memberPlayer: Fixture = async (w, role) => {
  const maker = await fresh(w);
  const id = await joinAs(w.p, w.people.owner, maker, w.teamId, 0);
  return { input: { id }, as: role === 'creator' ? maker : undefined };
};

/** An invitation of a fresh user to the team, who calls it in the creator's column. */
const invitation: Fixture = async (w, role) => {
  const invitee = await fresh(w);
  const { id } = await c(w, A(w), 'create_team_invitation', { team_id: w.teamId, user_id: invitee.user_id });
  const caller = role === 'creator' ? invitee : w.people[role];
  const player = role === 'guest' ? { id: crypto.randomUUID() } : await w.p.player(caller);
  return { input: { id, player_id: player.id }, as: role === 'creator' ? invitee : undefined };
};

export const sessionFixtures: Record<string, Fixture> = {
  request_auth_code: async () => ({ input: { email: `code-${crypto.randomUUID().slice(0, 8)}@example.com` } }),
  verify_auth_code: async (w, role) => {
    const email = `verify-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await c(w, w.people[role], 'request_auth_code', { email });
    const mail = await w.smtp.waitForMail(email);
    return { input: { email, code: /(\d{6})$/.exec(mail.subject ?? '')![1] } };
  },
  login_password: async (w) => {
    const email = `pw-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await w.p.ts.client().authenticateEmail(email, 'password-123', true);
    return { input: { email, password: 'password-123' } };
  },
  google_auth_url: only({ redirect_uri: 'http://127.0.0.1/auth/google/callback' }),
  google_login: only({ code: 'code', state: 'state', redirect_uri: 'http://127.0.0.1/auth/google/callback' }),
  upload_file: only({ content: PNG.toString('base64'), format: 'image/png' }),
  download_file: async (w) => ({ input: { uuid: await fileOf(w, A(w)) } }),
  create_player: only({ first_name: 'Иван', last_name: 'Петров' }),
  get_player: on(async (w) => ({ id: (await w.p.player(w.people.creator)).id })),
  update_player: async (w, role) => {
    const t = await memberPlayer(w, role);
    return { input: { ...t.input, last_name: 'Сидоров' }, as: t.as };
  },
  delete_player: memberPlayer,
  list_players: only({}),
  track_metrics: only({ page: '/', browser: 'Firefox', screen_width: 1366, screen_height: 768 }),
  get_page_metrics: only({}),
  get_browser_metrics: only({}),
  get_resolution_metrics: only({}),
  get_metrics_dashboard: only({ period: 'day' }),
  get_admin_state: only({}),
  create_team: only({ name: 'Новая команда' }),
  get_team: teamOnly((w) => ({ id: w.teamId })),
  update_team: teamOnly((w) => ({ id: w.teamId, description: 'Описание' })),
  delete_team: on(async (w) => {
    const { id } = await w.p.team(w.people.owner);
    await joinAs(w.p, w.people.owner, w.people.admin, id, 1);
    await joinAs(w.p, w.people.owner, w.people.member, id, 0);
    return { id };
  }),
  list_teams: only({}),
  request_join_team_player: async (w, role) => ({
    input: { team_id: w.teamId, player_id: role === 'guest' ? crypto.randomUUID() : (await w.p.player(w.people[role])).id },
  }),
  add_team_player: async (w, role) => ({
    input: { team_id: w.teamId, player_id: role === 'guest' ? crypto.randomUUID() : (await w.p.player(w.people[role])).id },
  }),
  approve_team_player: on(async (w) => ({ id: await request(w) })),
  reject_team_player: on(async (w) => ({ id: await request(w) })),
  list_team_players: teamOnly((w) => ({ team_ids: [w.teamId] })),
  get_team_free_number: teamOnly((w) => ({ team_id: w.teamId })),
  create_team_invitation: on(async (w) => ({ team_id: w.teamId, user_id: (await fresh(w)).user_id })),
  create_team_invitation_link: teamOnly((w) => ({ team_id: w.teamId })),
  list_team_invitations: teamOnly((w) => ({ team_id: w.teamId })),
  revoke_team_invitation: async (w, role) => {
    const t = await invitation(w, role);
    return { input: { id: (t.input as { id: string }).id }, as: t.as };
  },
  list_my_team_invitations: only({}),
  accept_team_invitation: invitation,
  decline_team_invitation: async (w, role) => {
    const t = await invitation(w, role);
    return { input: { id: (t.input as { id: string }).id }, as: t.as };
  },
  create_team_formation: teamOnly((w) => ({ teamId: w.teamId, name: 'Новая схема' })),
  update_team_formation: on(async (w) => ({ id: await formation(w), name: 'Другая' })),
  delete_team_formation: on(async (w) => ({ id: await formation(w) })),
  list_team_formations: teamOnly((w) => ({ teamId: w.teamId })),
  create_team_player_position: on(async (w) => ({ teamId: w.teamId, formationId: await formation(w), playerId: w.playerOf.member, x: 0.2, y: 0.3 })),
  update_team_player_position: on(async (w) => ({ id: await position(w), x: 0.1, y: 0.9 })),
  delete_team_player_position: on(async (w) => ({ id: await position(w) })),
  list_team_player_positions: on(async (w) => ({ teamId: w.teamId, formationId: await formation(w) })),
  list_team_events: teamOnly((w) => ({ team_id: w.teamId, start_date: '2026-01-01', end_date: '2026-12-31' })),
  list_my_team_events: only({ start_date: '2026-01-01', end_date: '2026-12-31' }),
  create_team_event: teamOnly((w) => ({ team_id: w.teamId, title: 'Игра', type: 'match', event_time: inDays(2) })),
  update_team_event: on(async (w) => ({ id: await teamEvent(w), title: 'Перенесено' })),
  delete_team_event: on(async (w) => ({ id: await teamEvent(w) })),
  create_team_photo_section: teamOnly((w) => ({ team_id: w.teamId, title: 'Фото' })),
  update_team_photo_section: on(async (w) => ({ id: await section(w), title: 'Другое' })),
  delete_team_photo_section: on(async (w) => ({ id: await section(w) })),
  restore_team_photo_section: on(async (w) => ({ id: await deletedSection(w) })),
  list_team_photo_sections: teamOnly((w) => ({ team_id: w.teamId, include_deleted: true })),
  create_team_photo: on(async (w) => ({ team_id: w.teamId, section_id: await section(w), file_id: await fileOf(w, A(w)) })),
  update_team_photo: on(async (w) => ({ id: await photo(w), description: 'Подпись' })),
  move_team_photo: on(async (w) => ({ id: await photo(w), section_id: await section(w) })),
  delete_team_photo: on(async (w) => ({ id: await photo(w) })),
  restore_team_photo: on(async (w) => {
    const id = await photo(w);
    await c(w, A(w), 'delete_team_photo', { id });
    return { id };
  }),
  list_team_photos: teamOnly((w) => ({ team_id: w.teamId, include_deleted: true })),
  create_team_video_section: teamOnly((w) => ({ team_id: w.teamId, title: 'Видео' })),
  get_team_video_section: on(async (w) => {
    const id = await videoSection(w);
    await c(w, A(w), 'delete_team_video_section', { id });
    return { id };
  }),
  update_team_video_section: on(async (w) => ({ id: await videoSection(w), title: 'Другое' })),
  delete_team_video_section: on(async (w) => ({ id: await videoSection(w) })),
  restore_team_video_section: on(async (w) => {
    const id = await videoSection(w);
    await c(w, A(w), 'delete_team_video_section', { id });
    return { id };
  }),
  list_team_video_sections: teamOnly((w) => ({ team_id: w.teamId })),
  reorder_team_video_sections: on(async (w) => ({ team_id: w.teamId, ids: [await videoSection(w)] })),
  create_team_video: on(async (w) => ({ team_id: w.teamId, section_id: await videoSection(w), title: 'Сейв', embed_url: 'https://youtu.be/dQw4w9WgXcQ' })),
  get_team_video: on(async (w) => {
    const id = await video(w);
    await c(w, A(w), 'delete_team_video', { id });
    return { id };
  }),
  update_team_video: on(async (w) => ({ id: await video(w), title: 'Другой' })),
  delete_team_video: on(async (w) => ({ id: await video(w) })),
  restore_team_video: on(async (w) => {
    const id = await video(w);
    await c(w, A(w), 'delete_team_video', { id });
    return { id };
  }),
  list_team_videos: teamOnly((w) => ({ team_id: w.teamId })),
  reorder_team_videos: on(async (w) => {
    const sectionId = await videoSection(w);
    return { section_id: sectionId, ids: [await video(w, sectionId)] };
  }),
  search_team_videos: teamOnly((w) => ({ team_id: w.teamId, query: 'гол' })),
};

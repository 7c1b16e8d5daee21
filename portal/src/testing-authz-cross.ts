// Calls that name the team's items beside the caller's own team, for the authorization test: a manager of
// one team (the stranger, or the team's admin) must not reach another team's items through ids of their own.
import crypto from 'node:crypto';
import type { Session } from '@heroiclabs/nakama-js';
import { fileOf, teamEvent, type World } from './testing-authz.ts';
import type { Any } from './testing.ts';

export interface CrossCase {
  /** What the call tries. */
  what: string;
  id: string;
  code: number;
  /** The caller and the payload. */
  make(w: World): Promise<{ as: Session; input: object }>;
}

const c = (w: World, s: Session, id: string, input: object): Promise<Any> => w.p.call(s, id, input);
const embed = 'https://youtu.be/dQw4w9WgXcQ';
const S = (w: World) => w.people.stranger;
const A = (w: World) => w.people.admin;
const X = (w: World) => w.strangerTeamId;

const photoSection = async (w: World, s: Session, teamId: string) => (await c(w, s, 'create_team_photo_section', { team_id: teamId, title: 'Раздел' })).id;
const videoSection = async (w: World, s: Session, teamId: string) => (await c(w, s, 'create_team_video_section', { team_id: teamId, title: 'Раздел' })).id;
const video = async (w: World, s: Session, teamId: string, sectionId: string) =>
  (await c(w, s, 'create_team_video', { team_id: teamId, section_id: sectionId, title: 'Видео', embed_url: embed })).id;
const formation = async (w: World, s: Session, teamId: string) => (await c(w, s, 'create_team_formation', { teamId, name: `Схема ${crypto.randomUUID().slice(0, 6)}` })).id;
const match = async (w: World) =>
  (await c(w, w.people.creator, 'create_match', { owner_team_id: w.teamId, guest_team_id: w.otherTeamId, match_time: new Date(Date.now() + 5 * 86_400_000).toISOString() })).id;

export const crossTeamCases: CrossCase[] = [
  {
    what: 'a photo of their team into a section of this one', id: 'create_team_photo', code: 3,
    make: async (w) => ({ as: S(w), input: { team_id: X(w), section_id: await photoSection(w, A(w), w.teamId), file_id: crypto.randomUUID() } }),
  },
  {
    what: 'a photo of this team into a section of theirs', id: 'move_team_photo', code: 7,
    make: async (w) => {
      const sectionId = await photoSection(w, A(w), w.teamId);
      const photo = await c(w, A(w), 'create_team_photo', { team_id: w.teamId, section_id: sectionId, file_id: await fileOf(w, A(w)) });
      return { as: S(w), input: { id: photo.id, section_id: await photoSection(w, S(w), X(w)) } };
    },
  },
  {
    what: 'a video of their team into a section of this one', id: 'update_team_video', code: 3,
    make: async (w) => {
      const own = await video(w, S(w), X(w), await videoSection(w, S(w), X(w)));
      return { as: S(w), input: { id: own, section_id: await videoSection(w, A(w), w.teamId) } };
    },
  },
  {
    what: 'a video section of this team reordered among theirs', id: 'reorder_team_video_sections', code: 3,
    make: async (w) => ({ as: S(w), input: { team_id: X(w), ids: [await videoSection(w, A(w), w.teamId)] } }),
  },
  {
    what: 'a video of this team reordered in a section of theirs', id: 'reorder_team_videos', code: 3,
    make: async (w) => {
      const theirs = await videoSection(w, S(w), X(w));
      return { as: S(w), input: { section_id: theirs, ids: [await video(w, A(w), w.teamId, await videoSection(w, A(w), w.teamId))] } };
    },
  },
  {
    what: 'a member of this team put on their pitch', id: 'create_team_player_position', code: 5,
    make: async (w) => ({ as: S(w), input: { teamId: X(w), formationId: await formation(w, S(w), X(w)), playerId: w.playerOf.member, x: 0.5, y: 0.5 } }),
  },
  {
    what: 'the positions of a formation of this team read through their team', id: 'list_team_player_positions', code: 5,
    make: async (w) => ({ as: S(w), input: { teamId: X(w), formationId: await formation(w, A(w), w.teamId) } }),
  },
  {
    what: 'a squad of their team in a match of this one', id: 'set_match_squad', code: 3,
    make: async (w) => ({ as: S(w), input: { match_id: await match(w), team_id: X(w), player_ids: [] } }),
  },
  {
    what: 'an event of their team in a match of this one', id: 'add_match_event', code: 3,
    make: async (w) => ({ as: S(w), input: { match_id: await match(w), minute: 1, type: 'period_start', team_id: X(w) } }),
  },
  {
    what: 'an answer for their team to an event of this one', id: 'set_attendance', code: 3,
    make: async (w) => ({ as: S(w), input: { event_id: await teamEvent(w), team_id: X(w), status: 'yes' } }),
  },
  {
    what: 'their team put into a match of this one', id: 'update_match', code: 7,
    make: async (w) => ({ as: S(w), input: { id: await match(w), owner_team_id: X(w) } }),
  },
  {
    what: 'an invitation link of their team revoked by this team\'s admin', id: 'revoke_team_invitation', code: 7,
    make: async (w) => ({ as: A(w), input: { id: (await c(w, S(w), 'create_team_invitation_link', { team_id: X(w) })).id } }),
  },
];

// Data for the walks over every page (long-names.spec.ts, every-route.spec.ts): one of everything a user can
// make, made through the API as its owner, so that every page has something to show. The texts are given
// by the spec: names at their longest without a space, or ordinary Russian ones.
import type { Session } from '@heroiclabs/nakama-js';
import { Session as NakamaSession } from '@heroiclabs/nakama-js';
import { call, PNG, type Portal } from './portal.ts';

export interface SeedTexts {
  displayName: string;
  friendName: string;
  location: string;
  teamName: string;
  otherTeamName: string;
  teamDescription: string;
  lastName: string;
  firstName: string;
  middleName: string;
  formationName: string;
  eventTitle: string;
  eventPlace: string;
  eventDescription: string;
  photoSection: string;
  photoDescription: string;
  videoSection: string;
  videoTitle: string;
  videoDescription: string;
  tag: string;
  newsTitle: string;
  newsText: string;
  tournamentTitle: string;
  tournamentDescription: string;
  streamTitle: string;
  streamDescription: string;
  chatName: string;
  message: string;
}

/** What was made: the pages' ids, and every text a user wrote (to tell user content from the app's own). */
export interface Seeded {
  teamId: string;
  otherTeamId: string;
  playerId: string;
  newsId: string;
  matchId: string;
  tournamentId: string;
  streamId: string;
  texts: string[];
}

/** A registered user with a proven address, made at once (no mail), with a display name. */
export async function quickUser(portal: Portal, displayName: string): Promise<Session> {
  const nk = portal.server.app.nk;
  const { userId, username } = await nk.authenticateVerifiedEmail(`${crypto.randomUUID()}@example.com`);
  await nk.accountUpdateId(userId, { displayName, langTag: 'ru-RU' });
  const tokens = nk.authenticateTokenGenerate(userId, username);
  return NakamaSession.restore(tokens.token, tokens.refreshToken);
}

const inDays = (days: number, hour = 18) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 30, 0, 0);
  return d.toISOString();
};

export async function seed(portal: Portal, owner: Session, friend: Session, t: SeedTexts): Promise<Seeded> {
  const rpc = async <T = { id: string }>(id: string, input: object, as: Session = owner): Promise<T> => {
    try {
      return await call<T>(portal, as, id, input);
    } catch (err) {
      // The client throws the raw response: say which call failed and why.
      throw new Error(`${id}: ${err instanceof Response ? await err.text() : String(err)}`);
    }
  };
  const nk = portal.server.app.nk;
  await nk.accountUpdateId(owner.user_id!, { displayName: t.displayName, location: t.location });
  const file = (await rpc<{ uuid: string }>('upload_file', { content: PNG.toString('base64'), format: 'image/png' })).uuid;

  const team = await rpc('create_team', { name: t.teamName, description: t.teamDescription, avatar_id: file });
  const other = await rpc('create_team', { name: t.otherTeamName, team_type: 1 });
  const player = await rpc('create_player', { last_name: t.lastName, first_name: t.firstName, middle_name: t.middleName });
  const member = await rpc('request_join_team_player', { team_id: team.id, player_id: player.id });
  await rpc('approve_team_player', { id: member.id, field_role: 2, is_main_squad: true });
  // A second player waits on the bench, a third asks to join.
  const bench = await rpc('create_player', { last_name: `${t.lastName}2`, first_name: t.firstName });
  await rpc('request_join_team_player', { team_id: team.id, player_id: bench.id });
  const asking = await rpc('create_player', { last_name: `${t.lastName}3`, first_name: t.firstName }, friend);
  await rpc('request_join_team_player', { team_id: team.id, player_id: asking.id }, friend);

  // The first formation stays the chosen one (shown as «Основная»); the other is in the selector.
  await rpc('create_team_formation', { teamId: team.id, name: t.formationName, isDefault: false });
  const formations = await rpc<{ formations: { id: string; isDefault: boolean }[] }>('list_team_formations', { teamId: team.id });
  const chosen = formations.formations.find((f) => f.isDefault)!;
  await rpc('create_team_player_position', { teamId: team.id, formationId: chosen.id, playerId: player.id, x: 0.5, y: 0.4 });

  await rpc('create_team_event', {
    team_id: team.id, title: t.eventTitle, type: 'training', event_time: inDays(1), place: t.eventPlace, description: t.eventDescription,
  });
  const photos = await rpc('create_team_photo_section', { team_id: team.id, title: t.photoSection, description: t.photoDescription });
  await rpc('create_team_photo', { team_id: team.id, section_id: photos.id, file_id: file, description: t.photoDescription });
  const videos = await rpc('create_team_video_section', { team_id: team.id, title: t.videoSection, description: t.videoDescription });
  await rpc('create_team_video', {
    team_id: team.id, section_id: videos.id, title: t.videoTitle, description: t.videoDescription, embed_url: 'https://youtu.be/dQw4w9WgXcQ', tags: [t.tag],
  });

  const news = await rpc('create_news', { name: t.newsTitle, description: `<p>${t.newsText}</p>`, is_public: true });
  await rpc('create_news', { name: t.newsTitle, description: `<p>${t.newsText}</p>`, is_public: true, team_id: team.id });
  const match = await rpc('create_match', { owner_team_id: team.id, guest_team_id: other.id, match_time: inDays(3) });
  const tournament = await rpc('create_tournament', { title: t.tournamentTitle, description: t.tournamentDescription, start_time: inDays(5) });
  await rpc('create_team_tournament', { team_id: team.id, tournament_id: tournament.id });
  const stream = await rpc('create_stream', {
    title: t.streamTitle, description: t.streamDescription, embed_url: 'https://youtu.be/dQw4w9WgXcQ', start_time: inDays(1), tags: [t.tag],
  });

  // Friends, a named chat and the team's chat with a message each.
  await portal.server.client().addFriends(owner, [friend.user_id!]);
  await portal.server.client().addFriends(friend, [owner.user_id!]);
  const named = await rpc('create_chat', { name: t.chatName, user_ids: [friend.user_id] });
  await rpc('send_message', { chat_id: named.id, content: t.message });
  const direct = await rpc('create_chat', { direct: true, user_ids: [owner.user_id] }, friend);
  await rpc('send_message', { chat_id: direct.id, content: t.message }, friend);
  const chats = await rpc<{ chats: { id: string; team_id?: string }[] }>('list_chats', {});
  const teamChat = chats.chats.find((c) => c.team_id === team.id);
  if (teamChat) await rpc('send_message', { chat_id: teamChat.id, content: t.message });

  return {
    teamId: team.id,
    otherTeamId: other.id,
    playerId: player.id,
    newsId: news.id,
    matchId: match.id,
    tournamentId: tournament.id,
    streamId: stream.id,
    texts: Object.values(t),
  };
}

/** Every page of the app with data: its address template (as the router has it) and the address to open. */
export function pages(s: Seeded): { template: string; path: string }[] {
  const team = (sub = '') => ({ template: `/teams/:teamId${sub}`, path: `/teams/${s.teamId}${sub}` });
  return [
    { template: '/', path: '/' },
    { template: '/login', path: '/login' },
    { template: '/registration', path: '/registration' },
    { template: '/auth/google/callback', path: '/auth/google/callback' },
    { template: '/user/profile', path: '/user/profile' },
    { template: '/players', path: '/players' },
    { template: '/players/create', path: '/players/create' },
    { template: '/players/:id', path: `/players/${s.playerId}` },
    { template: '/player/card', path: '/player/card' },
    { template: '/teams', path: '/teams' },
    { template: '/teams/create', path: '/teams/create' },
    team(),
    ...['roster', 'join', 'schedule', 'photos', 'videos', 'locker', 'locker3d', 'about', 'news', 'matches', 'tournaments'].map((p) => team(`/${p}`)),
    { template: '/news', path: '/news' },
    { template: '/news/create', path: '/news/create' },
    { template: '/news/:id', path: `/news/${s.newsId}` },
    { template: '/news/:id/edit', path: `/news/${s.newsId}/edit` },
    { template: '/matches', path: '/matches' },
    { template: '/matches/create', path: '/matches/create' },
    { template: '/matches/:id', path: `/matches/${s.matchId}` },
    { template: '/matches/:id/edit', path: `/matches/${s.matchId}/edit` },
    { template: '/broadcasts', path: '/broadcasts' },
    { template: '/broadcasts/create', path: '/broadcasts/create' },
    { template: '/broadcasts/:id', path: `/broadcasts/${s.streamId}` },
    { template: '/broadcasts/:id/edit', path: `/broadcasts/${s.streamId}/edit` },
    { template: '/tv-schedule', path: '/tv-schedule' },
    { template: '/tournaments', path: '/tournaments' },
    { template: '/tournaments/create', path: '/tournaments/create' },
    { template: '/tournaments/:tournamentId', path: `/tournaments/${s.tournamentId}` },
    { template: '/tournaments/:tournamentId/edit', path: `/tournaments/${s.tournamentId}/edit` },
    { template: '/schedule', path: '/schedule' },
    { template: '/about', path: '/about' },
    { template: '/photo', path: '/photo' },
    { template: '/video', path: '/video' },
    { template: '/map', path: '/map' },
    { template: '/siteMap', path: '/siteMap' },
    { template: '/termsOfUse', path: '/termsOfUse' },
    { template: '/dataProcessingConsent', path: '/dataProcessingConsent' },
    { template: '/buyCoins', path: '/buyCoins' },
    { template: '/attend', path: '/attend' },
    { template: '/admin', path: '/admin' },
    { template: '/photos', path: '/photos' },
    { template: '/videos', path: '/videos' },
    { template: '/team', path: '/team' },
    { template: '/lockerRoom', path: '/lockerRoom' },
    { template: '/joinTeam', path: '/joinTeam' },
    { template: '/aboutUs', path: '/aboutUs' },
    { template: '*', path: '/no-such-page' },
  ];
}

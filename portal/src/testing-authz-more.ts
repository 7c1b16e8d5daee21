// The authorization test's targets of news, matches, team life, broadcasts, tournaments, the wallet, chats
// and push (the first areas are in testing-authz.ts).
import crypto from 'node:crypto';
import type { Session } from '@heroiclabs/nakama-js';
import { signLink } from './attendance/link-token.ts';
import { fileOf, teamEvent, type Fixture, type Target, type World } from './testing-authz.ts';
import { crowd, type Any } from './testing.ts';

const c = (w: World, s: Session, id: string, input: object): Promise<Any> => w.p.call(s, id, input);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const only = (input: object): Fixture => async () => ({ input });
const on = (make: (w: World) => Promise<object>): Fixture => async (w) => ({ input: await make(w) });
const fresh = async (w: World) => (await crowd(w.p.ts, 1))[0]!;
const C = (w: World) => w.people.creator;

/** An item by the team's second admin, who calls it in the creator's column. */
const byAuthor = (make: (w: World) => Promise<object>): Fixture => async (w, role) => ({
  input: await make(w),
  as: role === 'creator' ? w.admin2 : undefined,
});
const news = async (w: World, isPublic = true) =>
  (await c(w, w.admin2, 'create_news', { name: 'Новость команды', description: '<p>Текст</p>', is_public: isPublic, team_id: w.teamId })).id;
const publicNews = async (w: World) => (await c(w, C(w), 'create_news', { name: 'Открытая новость', description: '<p>Текст</p>' })).id;

/** A match of the team at home against the creator's team, made by the creator. */
const match = async (w: World) =>
  (await c(w, C(w), 'create_match', { owner_team_id: w.teamId, guest_team_id: w.otherTeamId, match_time: inDays(5) })).id;
const reported = async (w: World) => {
  const id = await match(w);
  await c(w, w.people.admin, 'set_match_result', { match_id: id, home_score: 2, guest_score: 1 });
  return { match_id: id };
};
const matchEvent = async (w: World) => {
  const id = await match(w);
  return (await c(w, w.people.admin, 'add_match_event', { match_id: id, minute: 0, type: 'period_start', team_id: w.teamId })).id;
};
const stream = async (w: World) =>
  (await c(w, C(w), 'create_stream', { title: 'Трансляция', description: 'Матч недели в прямом эфире', embed_url: 'https://youtu.be/dQw4w9WgXcQ' })).id;
const tournament = async (w: World, input: object = {}) =>
  (await c(w, C(w), 'create_tournament', { title: 'Кубок', start_time: inDays(10), ...input })).id;
/** A tournament of the creator with two confirmed teams of theirs. */
const ready = async (w: World, type: number) => {
  const id = await tournament(w, { tournament_type: type });
  for (const teamId of [w.otherTeamId, (await w.p.team(C(w))).id]) await c(w, C(w), 'create_team_tournament', { team_id: teamId, tournament_id: id });
  return id;
};
const deletedTournament = async (w: World) => {
  const id = await tournament(w);
  await c(w, C(w), 'delete_tournament', { id });
  return id;
};
const application = async (w: World) =>
  (await c(w, w.people.admin, 'create_team_tournament', { team_id: w.teamId, tournament_id: await tournament(w) })).id;
const byCreator = (make: (w: World) => Promise<object>): Fixture => async (w) => ({ input: await make(w) });
const namedChat = async (w: World, participant: Session) =>
  (await c(w, C(w), 'create_chat', { name: 'Болельщики', user_ids: [participant.user_id] })).id;
const pushDevice = (w: World) => {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${w.pushOrigin}/push/${crypto.randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') },
  };
};

export const moreFixtures: Record<string, Fixture> = {
  create_news: on(async (w) => ({ name: 'Новость команды', description: '<p>Текст</p>', team_id: w.teamId })),
  get_news: byAuthor(async (w) => ({ id: await news(w, false) })),
  update_news: byAuthor(async (w) => ({ id: await news(w), name: 'Новое название' })),
  delete_news: byAuthor(async (w) => ({ id: await news(w) })),
  list_news: only({}),
  like: on(async (w) => ({ news_id: await publicNews(w) })),
  unlike: on(async (w) => ({ news_id: await publicNews(w) })),
  rate_news: on(async (w) => ({ news_id: await publicNews(w), rating: 4 })),
  add_news_media: byAuthor(async (w) => ({ news_id: await news(w), file_id: await fileOf(w, w.admin2) })),
  remove_news_media: byAuthor(async (w) => {
    const newsId = await news(w);
    return { id: (await c(w, w.admin2, 'add_news_media', { news_id: newsId, file_id: await fileOf(w, w.admin2) })).id };
  }),
  create_match: on(async (w) => ({ owner_team_id: w.teamId, guest_team_id: w.otherTeamId, match_time: inDays(4) })),
  get_match: on(async (w) => ({ id: await match(w) })),
  update_match: on(async (w) => ({ id: await match(w), match_time: inDays(6) })),
  delete_match: on(async (w) => ({ id: await match(w) })),
  list_matches: only({}),
  list_my_matches: only({ from_time: inDays(-1), to_time: inDays(30) }),
  set_match_result: on(async (w) => ({ match_id: await match(w), home_score: 1, guest_score: 1 })),
  confirm_match_result: on(reported),
  dispute_match_result: on(async (w) => ({ ...(await reported(w)), comment: 'Счёт был другой' })),
  add_match_event: on(async (w) => ({ match_id: await match(w), minute: 0, type: 'period_start', team_id: w.teamId })),
  delete_match_event: on(async (w) => ({ id: await matchEvent(w) })),
  list_match_events: on(async (w) => ({ match_id: await match(w) })),
  watch_match: on(async (w) => ({ match_id: await match(w) })),
  unwatch_match: on(async (w) => ({ match_id: await match(w) })),
  set_attendance: on(async (w) => ({ event_id: await teamEvent(w), status: 'yes' })),
  list_attendance: on(async (w) => ({ event_id: await teamEvent(w) })),
  set_attendance_deadline: on(async (w) => ({ event_id: await teamEvent(w), deadline: inDays(2.5) })),
  answer_by_token: on(async (w) => {
    const targetId = await teamEvent(w);
    const exp = Math.floor(Date.now() / 1000) + 86_400;
    const userId = w.people.member.user_id!;
    return { token: signLink(w.p.ts.app.nk.env.LINK_SIGNING_KEY!, { kind: 'event', targetId, teamId: w.teamId, userId, exp }), status: 'no' };
  }),
  set_match_squad: on(async (w) => ({ match_id: await match(w), team_id: w.teamId, player_ids: [w.playerOf.member] })),
  get_match_squad: on(async (w) => ({ match_id: await match(w) })),
  get_reminder_settings: only({}),
  set_reminder_settings: only({ coming: false }),
  create_calendar_feed: only({}),
  list_calendar_feeds: only({}),
  revoke_calendar_feed: on(async (w) => ({ id: (await c(w, C(w), 'create_calendar_feed', {})).id })),
  create_stream: only({ title: 'Прямой эфир', description: 'Товарищеский матч в прямом эфире', embed_url: 'https://youtu.be/dQw4w9WgXcQ' }),
  get_stream: on(async (w) => ({ id: await stream(w) })),
  update_stream: on(async (w) => ({ id: await stream(w), title: 'Новое название' })),
  delete_stream: on(async (w) => ({ id: await stream(w) })),
  list_streams: only({}),
  create_tournament: only({ title: 'Лига', start_time: inDays(3) }),
  get_tournament: on(async (w) => ({ id: await deletedTournament(w) })),
  update_tournament: on(async (w) => ({ id: await tournament(w), title: 'Новое название' })),
  delete_tournament: on(async (w) => ({ id: await tournament(w) })),
  rate_tournament: on(async (w) => ({ tournament_id: await tournament(w), rating: 5 })),
  list_tournaments: only({}),
  create_team_tournament: on(async (w) => ({ team_id: w.teamId, tournament_id: await tournament(w) })),
  set_team_tournament_confirmed: on(async (w) => ({ id: await application(w), is_confirmed: true })),
  delete_team_tournament: on(async (w) => ({ id: await application(w) })),
  list_team_tournaments: only({}),
  generate_fixtures: byCreator(async (w) => ({ tournament_id: await ready(w, 1), start_time: inDays(12), interval_days: 7 })),
  generate_bracket: byCreator(async (w) => ({ tournament_id: await ready(w, 0) })),
  list_tournament_matches: on(async (w) => ({ tournament_id: await deletedTournament(w) })),
  get_bracket: on(async (w) => ({ tournament_id: await deletedTournament(w) })),
  get_standings: on(async (w) => ({ tournament_id: await deletedTournament(w) })),
  list_top_scorers: on(async (w) => ({ tournament_id: await deletedTournament(w) })),
  get_wallet: only({}),
  get_wallet_ledger: only({}),
  spend_currency: async (w, role): Promise<Target> => {
    if (role !== 'guest') await w.p.withKey('add_currency', { user_id: w.people[role].user_id, amount: 5 });
    return { input: { amount: 1 } };
  },
  add_currency: on(async (w) => ({ user_id: w.people.stranger.user_id, amount: 10 })),
  list_coin_packs: only({}),
  create_payment: only({ pack_id: 'coins_100' }),
  get_payment: on(async (w) => ({ payment_id: (await c(w, C(w), 'create_payment', { pack_id: 'coins_100' })).payment_id })),
  yookassa_webhook: only({ type: 'notification', event: 'payment.succeeded', object: { id: crypto.randomUUID() } }),
  send_message: on(async (w) => ({ chat_id: w.teamChatId, content: 'Всем привет' })),
  list_messages: on(async (w) => ({ chat_ids: [w.teamChatId] })),
  mark_messages_read: on(async (w) => {
    const m = await c(w, w.people.owner, 'send_message', { chat_id: w.teamChatId, content: 'Сбор в семь' });
    return { chat_id: w.teamChatId, message_ids: [m.id] };
  }),
  list_chats: only({}),
  list_chats_summary: only({}),
  create_chat: on(async (w) => ({ team_id: w.teamId })),
  add_user_to_chat: on(async (w) => ({ chat_id: await namedChat(w, await fresh(w)), user_id: (await fresh(w)).user_id })),
  remove_user_from_chat: on(async (w) => {
    const participant = await fresh(w);
    return { chat_id: await namedChat(w, participant), user_id: participant.user_id };
  }),
  search_users: only({ query: 'user' }),
  list_notifications: only({}),
  mark_notifications_read: only({ before: new Date().toISOString() }),
  get_push_public_key: only({}),
  register_push_subscription: on(async (w) => pushDevice(w)),
  unregister_push_subscription: on(async (w) => {
    const device = pushDevice(w);
    await c(w, C(w), 'register_push_subscription', device);
    return { endpoint: device.endpoint };
  }),
};

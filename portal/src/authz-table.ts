// Who may call what: every portal RPC against every kind of caller, as the authorization test
// (authz.test.ts) checks it and portal/API.md shows it ("Who may call what", written by authz-doc.ts).
//
// Columns, in the order of each row's cells:
//   guest    a device (guest) session
//   stranger a registered user with no relation to the target (who owns a team of their own)
//   member   a plain member (confirmed player) of the team the target belongs to
//   admin    an admin of that team
//   owner    that team's owner (its creator)
//   creator  the user the item is of: who created it (a player, a news item, a broadcast, a tournament, a match,
//            a named chat, a calendar feed, a join request), or whom it is for (an invitation's invitee); the
//            team's own media and events are made by its managers, so their rights are the admin's
//   site     a site administrator (ADMIN_USER_IDS, ADMIN_EMAILS) with no relation to the target
// Cells: '✓' allowed, '✗N' refused with gRPC code N (7 not allowed, 5 hidden as missing, 16 not signed in),
// '—' not applicable (the RPC has no such relation: that caller is a stranger to it).

export const ROLES = ['guest', 'stranger', 'member', 'admin', 'owner', 'creator', 'site'] as const;
/** @internal */
export type Role = (typeof ROLES)[number];

export type Cell = { allowed: true } | { allowed: false; code: number } | { na: true };

export interface AuthzRow {
  id: string;
  area: string;
  cells: Record<Role, Cell>;
  /** What the target is, and any answer an allowed call gives for a reason other than who calls. */
  note: string;
}

function parseCell(token: string): Cell {
  if (token === '✓') return { allowed: true };
  if (token === '—') return { na: true };
  const m = /^✗(\d+)$/.exec(token);
  if (!m) throw new Error(`authz table: bad cell ${token}`);
  return { allowed: false, code: Number(m[1]) };
}

const rows: AuthzRow[] = [];
let area = '';

/** One row: the RPC, its cells in the order of ROLES, and its note. */
function r(id: string, cells: string, note = ''): void {
  const tokens = cells.trim().split(/\s+/);
  if (tokens.length !== ROLES.length) throw new Error(`authz table: ${id} has ${tokens.length} cells`);
  rows.push({ id, area, note, cells: Object.fromEntries(ROLES.map((role, i) => [role, parseCell(tokens[i]!)])) as Record<Role, Cell> });
}

//                                          guest stranger member admin owner creator site
area = 'Sign-in, files, players';
r('request_auth_code',                      '✓   ✓   —   —   —   —   —', 'the caller\'s own address');
r('verify_auth_code',                       '✓   ✓   —   —   —   —   —', 'the code mailed to the caller');
r('login_password',                         '✓   ✓   —   —   —   —   —', 'the caller\'s own address and password');
r('google_auth_url',                        '✓   ✓   —   —   —   —   —');
r('google_login',                           '✓   ✓   —   —   —   —   —', 'answers 9 while Google sign-in is not configured');
r('upload_file',                            '✗7  ✓   —   —   —   —   —');
r('download_file',                          '✓   ✓   —   —   —   —   —');
r('create_player',                          '✗7  ✓   —   —   —   —   —');
r('get_player',                             '✓   ✓   —   —   —   ✓   —');
r('update_player',                          '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'a player on the team, of a member who made it');
r('delete_player',                          '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'as update_player');
r('list_players',                           '✓   ✓   —   —   —   —   —');
area = 'Metrics and administration';
r('track_metrics',                          '✓   ✓   —   —   —   —   ✓');
r('get_page_metrics',                       '✗7  ✗7  —   —   —   —   ✓');
r('get_browser_metrics',                    '✗7  ✗7  —   —   —   —   ✓');
r('get_resolution_metrics',                 '✗7  ✗7  —   —   —   —   ✓');
r('get_metrics_dashboard',                  '✗7  ✗7  —   —   —   —   ✓');
r('get_admin_state',                        '✓   ✓   —   —   —   —   ✓', 'answers whether the caller is a site administrator');
area = 'Teams';
r('create_team',                            '✗7  ✓   —   —   —   —   ✓');
r('get_team',                               '✓   ✓   ✓   ✓   ✓   —   ✓');
r('update_team',                            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team',                            '✗7  ✗7  ✗7  ✗7  ✓   —   ✗7');
r('list_teams',                             '✓   ✓   —   —   —   —   —');
area = 'Roster and invitations';
r('request_join_team_player',               '✗7  ✓   ✓   ✓   ✓   —   ✓', 'a player of the caller\'s own, to an open team');
r('add_team_player',                        '✗7  ✗7  ✗7  ✓   ✓   —   ✗7', 'a player of the caller\'s own');
r('approve_team_player',                    '✗7  ✗7  ✗7  ✓   ✓   ✗7  ✗7', 'creator: who asked to join');
r('reject_team_player',                     '✗7  ✗7  ✗7  ✓   ✓   ✓   ✗7', 'creator: who asked to join (a withdrawal)');
r('list_team_players',                      '✓   ✓   —   —   —   —   —');
r('get_team_free_number',                   '✓   ✓   —   —   —   —   —');
r('create_team_invitation',                 '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('create_team_invitation_link',            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('list_team_invitations',                  '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('revoke_team_invitation',                 '✗7  ✗7  ✗7  ✓   ✓   ✗7  ✗7', 'creator: the invitee');
r('list_my_team_invitations',               '✗7  ✓   —   —   —   —   —');
r('accept_team_invitation',                 '✗7  ✗5  ✗5  ✗5  ✗5  ✓   ✗5', 'an invitation of a user (the creator column: the invitee), with a player of the caller\'s own');
r('decline_team_invitation',                '✗7  ✗5  ✗5  ✗5  ✗5  ✓   ✗5', 'creator: the invitee');
area = 'Locker room';
r('create_team_formation',                  '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('update_team_formation',                  '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team_formation',                  '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('list_team_formations',                   '✗7  ✗7  ✓   ✓   ✓   —   ✗7');
r('create_team_player_position',            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('update_team_player_position',            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team_player_position',            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('list_team_player_positions',             '✗7  ✗7  ✓   ✓   ✓   —   ✗7');
area = 'Team calendar';
r('list_team_events',                       '✓   ✓   ✓   ✓   ✓   —   ✓');
r('list_my_team_events',                    '✓   ✓   ✓   ✓   ✓   —   ✓', 'the caller\'s own teams');
r('create_team_event',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('update_team_event',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team_event',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
area = 'Team photos and videos';
r('create_team_photo_section',              '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('update_team_photo_section',              '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team_photo_section',              '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('restore_team_photo_section',             '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('list_team_photo_sections',               '✓   ✓   ✓   ✓   ✓   —   ✓');
r('create_team_photo',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('update_team_photo',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('move_team_photo',                        '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team_photo',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('restore_team_photo',                     '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('list_team_photos',                       '✓   ✓   ✓   ✓   ✓   —   ✓');
r('create_team_video_section',              '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('get_team_video_section',                 '✗5  ✗5  ✗5  ✓   ✓   —   ✗5', 'a deleted section: its team\'s managers only');
r('update_team_video_section',              '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team_video_section',              '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('restore_team_video_section',             '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('list_team_video_sections',               '✓   ✓   ✓   ✓   ✓   —   ✓');
r('reorder_team_video_sections',            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('create_team_video',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('get_team_video',                         '✗5  ✗5  ✗5  ✓   ✓   —   ✗5', 'a deleted video: its team\'s managers only');
r('update_team_video',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('delete_team_video',                      '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('restore_team_video',                     '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('list_team_videos',                       '✓   ✓   ✓   ✓   ✓   —   ✓');
r('reorder_team_videos',                    '✗7  ✗7  ✗7  ✓   ✓   —   ✗7');
r('search_team_videos',                     '✓   ✓   ✓   ✓   ✓   —   ✓');
area = 'News';
r('create_news',                            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7', 'with the team\'s team_id');
r('get_news',                               '✗5  ✗5  ✗5  ✗5  ✗5  ✓   ✗5', 'a private item of the team (its creator: another admin)');
r('update_news',                            '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'a public item of the team (its creator: another admin)');
r('delete_news',                            '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'a public item of the team (its creator: another admin)');
r('list_news',                              '✓   ✓   —   —   —   —   —');
r('like',                                   '✗7  ✓   —   —   —   ✓   ✓', 'a public item');
r('unlike',                                 '✗7  ✓   —   —   —   ✓   ✓', 'a public item');
r('rate_news',                              '✗7  ✓   —   —   —   ✓   ✓', 'a public item');
r('add_news_media',                         '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'a public item of the team (its creator: another admin)');
r('remove_news_media',                      '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'a public item of the team (its creator: another admin)');
area = 'Matches and results';
r('create_match',                           '✗7  ✗7  ✗7  ✓   ✓   —   ✗7', 'the team at home');
r('get_match',                              '✓   ✓   —   —   —   —   —');
r('update_match',                           '✗7  ✗7  ✗7  ✓   ✓   ✓   ✗7', 'the team at home; creator: the guest team\'s owner, who made it');
r('delete_match',                           '✗7  ✗7  ✗7  ✓   ✓   ✓   ✗7', 'as update_match');
r('list_matches',                           '✓   ✓   —   —   —   —   —');
r('list_my_matches',                        '✓   ✓   ✓   ✓   ✓   —   —', 'the caller\'s own teams');
r('set_match_result',                       '✗7  ✗7  ✗7  ✓   ✓   ✓   ✗7', 'as update_match');
r('confirm_match_result',                   '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'reported by the team\'s admin; the other side confirms');
r('dispute_match_result',                   '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'as confirm_match_result');
r('add_match_event',                        '✗7  ✗7  ✗7  ✓   ✓   ✗7  ✗7', 'an event of the team (the creator manages the other team)');
r('delete_match_event',                     '✗7  ✗7  ✗7  ✓   ✓   ✗7  ✗7', 'as add_match_event');
r('list_match_events',                      '✓   ✓   —   —   —   —   —');
r('watch_match',                            '✓   ✓   —   —   —   —   —', 'over REST it answers 9: the feed needs a socket');
r('unwatch_match',                          '✓   ✓   —   —   —   —   —', 'as watch_match');
area = 'Team life';
r('set_attendance',                         '✗7  ✗7  ✓   ✓   ✓   —   ✗7', 'a team event');
r('list_attendance',                        '✗7  ✗7  ✓   ✓   ✓   —   ✗7', 'a team event');
r('set_attendance_deadline',                '✗7  ✗7  ✗7  ✓   ✓   —   ✗7', 'a team event');
r('answer_by_token',                        '✓   ✓   —   —   —   —   —', 'a member\'s token from a reminder mail');
r('set_match_squad',                        '✗7  ✗7  ✗7  ✓   ✓   ✗7  ✗7', 'the squad of the team; creator as add_match_event');
r('get_match_squad',                        '✓   ✓   —   —   —   —   —');
r('get_reminder_settings',                  '✓   ✓   —   —   —   —   —', 'the caller\'s own');
r('set_reminder_settings',                  '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
r('create_calendar_feed',                   '✗7  ✓   —   —   —   —   —');
r('list_calendar_feeds',                    '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
r('revoke_calendar_feed',                   '✗7  ✗5  —   —   —   ✓   ✗5');
area = 'Broadcasts';
r('create_stream',                          '✗7  ✓   —   —   —   —   —');
r('get_stream',                             '✓   ✓   —   —   —   —   —');
r('update_stream',                          '✗7  ✗7  —   —   —   ✓   ✗7');
r('delete_stream',                          '✗7  ✗7  —   —   —   ✓   ✗7');
r('list_streams',                           '✓   ✓   —   —   —   —   —');
area = 'Tournaments';
r('create_tournament',                      '✗7  ✓   —   —   —   —   —');
r('get_tournament',                         '✗5  ✗5  —   —   —   ✓   ✗5', 'a deleted tournament: its creator only');
r('update_tournament',                      '✗7  ✗7  —   —   —   ✓   ✗7');
r('delete_tournament',                      '✗7  ✗7  —   —   —   ✓   ✗7');
r('rate_tournament',                        '✗7  ✓   —   —   —   ✓   —');
r('list_tournaments',                       '✓   ✓   —   —   —   —   —');
r('create_team_tournament',                 '✗7  ✗7  ✗7  ✓   ✓   ✓   ✗7', 'the team into a tournament; creator: the tournament\'s');
r('set_team_tournament_confirmed',          '✗7  ✗7  ✗7  ✗7  ✗7  ✓   ✗7', 'the team\'s application; creator: the tournament\'s, who confirms');
r('delete_team_tournament',                 '✗7  ✗7  ✗7  ✓   ✓   ✓   ✗7', 'as create_team_tournament');
r('list_team_tournaments',                  '✓   ✓   —   —   —   —   —');
r('generate_fixtures',                      '✗7  ✗7  —   —   —   ✓   ✗7', 'a round-robin tournament');
r('generate_bracket',                       '✗7  ✗7  —   —   —   ✓   ✗7', 'a cup');
r('list_tournament_matches',                '✗5  ✗5  —   —   —   ✓   ✗5', 'a deleted tournament: its creator only');
r('get_bracket',                            '✗5  ✗5  —   —   —   ✓   ✗5', 'a deleted tournament: its creator only');
r('get_standings',                          '✗5  ✗5  —   —   —   ✓   ✗5', 'a deleted tournament: its creator only');
r('list_top_scorers',                       '✗5  ✗5  —   —   —   ✓   ✗5', 'a deleted tournament: its creator only');
area = 'Wallet and coin shop';
r('get_wallet',                             '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
r('get_wallet_ledger',                      '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
r('spend_currency',                         '✗7  ✓   —   —   —   —   —', 'the caller\'s own coins');
r('add_currency',                           '✗7  ✗7  —   —   —   —   ✗7', 'the HTTP key only');
r('list_coin_packs',                        '✓   ✓   —   —   —   —   —');
r('create_payment',                         '✗7  ✓   —   —   —   —   —');
r('get_payment',                            '✗7  ✗5  —   —   —   ✓   ✗5', 'creator: who paid');
r('yookassa_webhook',                       '✗7  ✗7  —   —   —   —   ✗7', 'the HTTP key only');
area = 'Chats, people, notifications';
r('send_message',                           '✗7  ✗7  ✓   ✓   ✓   —   ✗7', 'the team\'s chat');
r('list_messages',                          '✗7  ✗7  ✓   ✓   ✓   —   ✗7', 'the team\'s chat');
r('mark_messages_read',                     '✗7  ✗7  ✓   ✓   ✓   —   ✗7', 'the team\'s chat');
r('list_chats',                             '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
r('list_chats_summary',                     '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
r('create_chat',                            '✗7  ✗7  ✗7  ✓   ✓   —   ✗7', 'the team\'s chat (team_id)');
r('add_user_to_chat',                       '✗7  ✗7  —   —   —   ✓   ✗7', 'a named chat; creator: who made it');
r('remove_user_from_chat',                  '✗7  ✗7  —   —   —   ✓   ✗7', 'another participant of a named chat');
r('search_users',                           '✗7  ✓   —   —   —   —   —');
r('list_notifications',                     '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
r('mark_notifications_read',                '✗7  ✓   —   —   —   —   —', 'the caller\'s own');
area = 'Web Push';
r('get_push_public_key',                    '✓   ✓   —   —   —   —   —');
r('register_push_subscription',             '✓   ✓   —   —   —   —   —', 'the caller\'s own browser');
r('unregister_push_subscription',           '✗5  ✗5  —   —   —   ✓   ✗5', 'creator: whose subscription it is');

/** Every portal RPC, by area, with who may call it. */
export const authzTable: readonly AuthzRow[] = rows;

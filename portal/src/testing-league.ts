// Helpers of the tests of match results, events and competitions: a tournament with confirmed teams, each
// team's owner and players.
// Not a test itself (no .test.ts), so the runner does not run it.
import crypto from 'node:crypto';
import type { Session } from '@heroiclabs/nakama-js';
import { startPortal, type Portal } from './testing.ts';

/** Limits far above what a test's calls add up to. */
const ROOMY_LIMITS = {
  LIMIT_WRITES_PER_USER_MINUTE: '100000',
  LIMIT_WRITES_PER_ADDRESS_MINUTE: '100000',
  LIMIT_CREATIONS_PER_USER_HOUR: '100000',
  LIMIT_PLAYERS_PER_USER: '1000',
  LIMIT_TEAMS_PER_USER: '1000',
};

export const startLeaguePortal = () => startPortal(ROOMY_LIMITS);

export interface Side {
  /** The team's owner (a manager). */
  owner: Session;
  teamId: string;
  name: string;
  /** Confirmed players of the team, created by its owner. */
  players: string[];
}

/** A team owned by a new user, with `players` confirmed players of theirs named Игрок1…, Игрок2… */
export async function side(p: Portal, players = 2, name = `Команда ${crypto.randomUUID().slice(0, 8)}`): Promise<Side> {
  const owner = await p.registered();
  const team = await p.team(owner, { name });
  const ids: string[] = [];
  for (let i = 0; i < players; i++) {
    const player = await p.call(owner, 'create_player', { first_name: `Игрок${i + 1}`, last_name: name });
    await p.call(owner, 'request_join_team_player', { team_id: team.id, player_id: player.id });
    ids.push(player.id);
  }
  return { owner, teamId: team.id, name, players: ids };
}

/** A tournament of the type (0 cup, 1 round robin) created by organizer, starting tomorrow. */
export async function tournament(p: Portal, organizer: Session, type: 0 | 1): Promise<string> {
  const start = new Date(Date.now() + 86_400_000).toISOString();
  return (await p.call(organizer, 'create_tournament', { title: 'Лига выходного дня', tournament_type: type, start_time: start })).id;
}

/** Puts the teams in the tournament, confirmed, in the order given (written directly: the links' rules are tested elsewhere). */
export async function enter(p: Portal, tournamentId: string, teamIds: string[]): Promise<void> {
  for (const [i, teamId] of teamIds.entries()) {
    await p.ts.app.nk.db.execute(
      `INSERT INTO team_tournament (id, team_id, tournament_id, initiator, is_confirmed, tournament_start_time, create_time)
       SELECT $1, $2, t.id, 'organizer', true, t.start_time, now() + $4 * interval '1 millisecond' FROM tournament t WHERE t.id = $3`,
      [crypto.randomUUID(), teamId, tournamentId, i],
    );
  }
}

/** A friendly between two sides at home of the first, in a day. */
export async function friendly(p: Portal, home: Side, guest: Side): Promise<string> {
  const time = new Date(Date.now() + 86_400_000).toISOString();
  return (await p.call(home.owner, 'create_match', { owner_team_id: home.teamId, guest_team_id: guest.teamId, match_time: time })).id;
}

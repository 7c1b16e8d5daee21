// The first data of the pages that open most often, asked for by the entry while the app's code loads:
// the same calls, with the same payloads, that the page makes on its first render (their tests say what
// each page asks for), so the page finds its answer on its way (lib/nakama/rpc.ts, callEarly).
import { callEarly } from '../lib/nakama/rpc.ts';
import { teamHomeCalls } from '../shared/api/team-home-calls.ts';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TEAM_PAGE = new RegExp(`^/teams/(${UUID})(?:/|$)`, 'i');
const TEAM_HOME = new RegExp(`^/teams/${UUID}/?$`, 'i');

/** Starts the calls the page at this address makes first; an address with a query string starts none. */
export function startEarlyCalls(pathname: string, search: string): void {
  if (search && search !== '?') return;
  const team = TEAM_PAGE.exec(pathname);
  if (team) {
    callEarly('get_team', { id: team[1] });
    // The team's home page: its lists with the team, not once the team has come and the page has drawn.
    if (TEAM_HOME.test(pathname)) for (const [id, input] of teamHomeCalls(team[1])) callEarly(id, input);
  }
  else if (pathname === '/news') callEarly('list_news', { limit: 20, sort: 'newest', only_public: true });
  else if (pathname === '/matches') callEarly('list_matches', { limit: 20, period: 'upcoming' });
  else if (pathname === '/tournaments') callEarly('list_tournaments', { limit: 20 });
}

// The entry's early calls: the page's first identical call takes the answer already on its way (once),
// other calls and later ones ask the server, and each address starts the call its page makes first (the
// same payloads the pages' own tests expect).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const callRpc = vi.fn();
vi.mock('../lib/nakama/http.ts', () => ({ callRpc: (...a: unknown[]) => callRpc(...a) }));
vi.mock('../lib/nakama/session.ts', () => ({ sessionManager: { current: async () => ({ token: 't' }) } }));

const { callEarly, rpc } = await import('../lib/nakama/rpc.ts');
const { startEarlyCalls } = await import('./early-calls.ts');

const TEAM = '0b6c8a52-4a43-4b8e-9d0e-2f1a3c5d7e90';
const calls = () => callRpc.mock.calls.map((c) => [c[1], c[2]]);

beforeEach(() => {
  callRpc.mockReset();
  let n = 0;
  callRpc.mockImplementation(async () => ({ n: ++n }));
});
afterEach(() => vi.useRealTimers());

describe('callEarly', () => {
  it('gives the first identical call the answer already asked for, whatever the order of its fields', async () => {
    callEarly('list_news', { limit: 20, sort: 'newest', only_public: true });
    expect(await rpc('list_news', { only_public: true, sort: 'newest', limit: 20, cursor: undefined })).toEqual({ n: 1 });
    expect(calls()).toEqual([['list_news', { limit: 20, sort: 'newest', only_public: true }]]);
    // Taken once: the next call (a refresh) asks again.
    expect(await rpc('list_news', { limit: 20, sort: 'newest', only_public: true })).toEqual({ n: 2 });
    expect(callRpc).toHaveBeenCalledTimes(2);
  });

  it('leaves a different call to the server, and the early answer to its own call', async () => {
    callEarly('get_team', { id: TEAM });
    expect(await rpc('get_team', { id: 'other' })).toEqual({ n: 2 });
    expect(await rpc('get_team', { id: TEAM })).toEqual({ n: 1 });
  });

  it('hands over a refusal as the page would have met it, and drops an answer nobody took in 15 s', async () => {
    vi.useFakeTimers();
    callRpc.mockRejectedValueOnce(new Error('нет такой команды'));
    callEarly('get_team', { id: TEAM });
    await expect(rpc('get_team', { id: TEAM })).rejects.toThrow();
    callEarly('list_tournaments', { limit: 20 });
    await vi.advanceTimersByTimeAsync(15_000);
    await rpc('list_tournaments', { limit: 20 });
    expect(callRpc).toHaveBeenCalledTimes(3);
  });
});

describe('startEarlyCalls', () => {
  it.each([
    ['/news', ['list_news', { limit: 20, sort: 'newest', only_public: true }]],
    ['/matches', ['list_matches', { limit: 20, period: 'upcoming' }]],
    ['/tournaments', ['list_tournaments', { limit: 20 }]],
    [`/teams/${TEAM}/roster`, ['get_team', { id: TEAM }]],
  ])('starts at %s the call its page makes first', async (path, call) => {
    startEarlyCalls(path, '');
    await vi.waitFor(() => expect(calls()).toEqual([call]));
  });

  it("starts at a team's home page the team and the page's three lists, with the page's own payloads", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 27, 21, 40, 15, 300));
    startEarlyCalls(`/teams/${TEAM}`, '');
    await vi.waitFor(() => expect(calls()).toHaveLength(4));
    expect(calls()).toEqual([
      ['get_team', { id: TEAM }],
      ['list_matches', { team_id: TEAM, from_time: new Date(2026, 10, 27, 21, 40).toISOString(), sort_order: 'asc', limit: 5 }],
      ['list_team_events', { team_id: TEAM, start_date: '2026-11-27', end_date: '2026-12-27' }],
      [
        'list_team_tournaments',
        {
          team_id: TEAM,
          start_after: new Date(2026, 10, 27).toISOString(),
          start_before: new Date(2026, 11, 27, 21, 40).toISOString(),
          limit: 5,
        },
      ],
    ]);
  });

  it('starts nothing for other pages or an address with a query', async () => {
    for (const [path, search] of [['/', ''], ['/news', '?sort=rating'], ['/teams/abc', ''], ['/players', '']]) startEarlyCalls(path, search);
    await new Promise((r) => setTimeout(r, 0));
    expect(callRpc).not.toHaveBeenCalled();
  });
});

// The route table as data: the entry starts loading the code of every page an address shows (the team's
// frame and the team page in it), and nothing for the pages that come with the app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes } from '../lib/router/match.ts';
import { loadPageCode, pageRoutes, type PageRoute } from './routes.ts';

const originals = new Map<PageRoute, PageRoute['lazy']>();
/** Replaces the code loader of every route of the table with a spy; returns the spies by route path. */
function spyOnLoaders(routes: PageRoute[], into = new Map<string, ReturnType<typeof vi.fn>>()) {
  for (const r of routes) {
    if (r.lazy) {
      originals.set(r, r.lazy);
      const spy = vi.fn(() => Promise.resolve({}));
      r.lazy = spy;
      into.set(r.path ?? `${r.index ? 'index' : '?'} of ${[...into.keys()].at(-1) ?? ''}`, spy);
    }
    if (r.children) spyOnLoaders(r.children, into);
  }
  return into;
}

afterEach(() => {
  for (const [r, lazy] of originals) r.lazy = lazy;
  originals.clear();
});

describe('loadPageCode', () => {
  it('starts loading the code of each page the address shows, once each', () => {
    const spies = spyOnLoaders(pageRoutes);
    loadPageCode('/teams/t1/roster');
    const called = [...spies].filter(([, s]) => s.mock.calls.length > 0).map(([path]) => path);
    expect(called).toEqual(['teams/:teamId', 'roster']);
    for (const [, s] of spies) expect(s.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('loads nothing for the home page and an unknown address, and never fails on a loader that does', async () => {
    const spies = spyOnLoaders(pageRoutes);
    loadPageCode('/');
    loadPageCode('/no/such/page');
    expect([...spies.values()].every((s) => s.mock.calls.length === 0)).toBe(true);
    spies.get('news')!.mockReturnValue(Promise.reject(new Error('offline')));
    loadPageCode('/news');
    await Promise.resolve();
    expect(spies.get('news')).toHaveBeenCalledTimes(1);
  });

  it('sends every older address on to a page', () => {
    for (const path of ['/photos', '/videos', '/team', '/lockerRoom', '/joinTeam', '/aboutUs']) {
      expect((matchRoutes(pageRoutes, path)?.at(-1)?.route as PageRoute | undefined)?.redirect, path).toMatch(/^\//);
    }
  });
});

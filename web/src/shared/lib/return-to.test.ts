import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturn, safeReturnPath, takeReturn, withReturn } from './return-to.ts';

const origin = 'https://tribuna.example';

describe('where sign-in returns to', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps a path on this site, with its query and hash', () => {
    expect(safeReturnPath('/teams/create', origin)).toBe('/teams/create');
    expect(safeReturnPath('/news?sort=popular#top', origin)).toBe('/news?sort=popular#top');
    expect(safeReturnPath('/teams/../players', origin)).toBe('/players');
  });

  it('refuses anything that could leave the site or loop back to sign-in', () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)',
      'teams', '', null, undefined, '/\u0000x', '/\tx', '/login', '/registration?next=/x', '/auth/google/callback?code=1']) {
      expect(safeReturnPath(bad, origin), String(bad)).toBeUndefined();
    }
  });

  it('builds the sign-in addresses with ?next= only where there is somewhere to return', () => {
    expect(withReturn('/login', '/teams/create')).toBe('/login?next=%2Fteams%2Fcreate');
    expect(withReturn('/registration', '/players?x=1')).toBe('/registration?next=%2Fplayers%3Fx%3D1');
    expect(withReturn('/login', '/')).toBe('/login');
    expect(withReturn('/login', '/login')).toBe('/login');
    expect(withReturn('/login', '//evil.example')).toBe('/login');
  });

  it('carries the path across an external redirect once', () => {
    rememberReturn('/teams/create');
    expect(takeReturn()).toBe('/teams/create');
    expect(takeReturn()).toBeUndefined();
    rememberReturn('https://evil.example');
    expect(takeReturn()).toBeUndefined();
  });
});

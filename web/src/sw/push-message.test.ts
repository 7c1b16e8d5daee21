import { describe, expect, it } from 'vitest';
import { isAppPage, readPush, sitePath } from './push-message.ts';

const ORIGIN = 'https://tribuna.example';

describe('readPush', () => {
  it('reads the server’s {title, body, url}', () => {
    const push = JSON.stringify({ title: 'Иван Петров', body: 'Привет!', url: '/?chat=abc' });
    expect(readPush(push, ORIGIN)).toEqual({ title: 'Иван Петров', body: 'Привет!', url: '/?chat=abc' });
  });

  it('shows anything else as the site’s notification, opening the home page', () => {
    expect(readPush(undefined, ORIGIN)).toEqual({ title: 'Трибуна', body: '', url: '/' });
    expect(readPush('просто текст', ORIGIN)).toEqual({ title: 'Трибуна', body: 'просто текст', url: '/' });
    expect(readPush(JSON.stringify({ title: '  ', body: 5 }), ORIGIN)).toEqual({ title: 'Трибуна', body: '', url: '/' });
  });

  it('never leads to another site', () => {
    expect(readPush(JSON.stringify({ title: 'x', url: 'https://evil.example/phish' }), ORIGIN).url).toBe('/');
    expect(readPush(JSON.stringify({ title: 'x', url: '//evil.example/' }), ORIGIN).url).toBe('/');
    expect(readPush(JSON.stringify({ title: 'x', url: 'javascript:alert(1)' }), ORIGIN).url).toBe('/');
  });
});

describe('sitePath', () => {
  it('keeps a path, its search and hash on this site', () => {
    expect(sitePath('/teams/1?tab=roster#top', ORIGIN)).toBe('/teams/1?tab=roster#top');
    expect(sitePath(`${ORIGIN}/news`, ORIGIN)).toBe('/news');
  });
});

describe('isAppPage', () => {
  it('is the app’s pages, not the API, uploads, the socket, the health check or files', () => {
    expect(isAppPage('/')).toBe(true);
    expect(isAppPage('/teams/1')).toBe(true);
    expect(isAppPage('/v2/rpc/list_teams')).toBe(false);
    expect(isAppPage('/uploads/abc')).toBe(false);
    expect(isAppPage('/ws')).toBe(false);
    expect(isAppPage('/healthcheck')).toBe(false);
    expect(isAppPage('/calendar/abc.ics')).toBe(false);
    expect(isAppPage('/sw.js')).toBe(false);
    // A path that merely starts like one of them is still a page.
    expect(isAppPage('/v2ray')).toBe(true);
  });
});

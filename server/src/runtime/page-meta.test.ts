import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PageMetaRoutes } from './page-meta.ts';

const meta = () => ({ title: 'x' });

describe('page metadata patterns', () => {
  it('refuses patterns that are not "/" and literal or :name segments, and one shape twice', () => {
    const routes = new PageMetaRoutes();
    for (const bad of ['', '/', 'news/:id', '/news/:id/', '/news//:id', '/news/*', '/news/:id/:id', '/news/:1d', '/новости/:id']) {
      assert.throws(() => routes.add(bad, meta), /Page pattern/, bad);
    }
    routes.add('/news/:id', meta);
    assert.throws(() => routes.add('/news/:slug', meta), /already registered/);
    assert.throws(() => routes.add('/news/:id', 'nope' as never), /must be a function/);
    routes.add('/news/create', meta);
    assert.equal(routes.size, 2);
  });

  it('answers the parameters by name, decoded, and nothing for bad escapes', () => {
    const routes = new PageMetaRoutes();
    const fn = () => undefined;
    routes.add('/teams/:teamId/news/:id', fn);
    assert.deepEqual(routes.match('/teams/t%201/news/n1'), { fn, params: { teamId: 't 1', id: 'n1' } });
    assert.equal(routes.match('/teams/%E0%A4%A/news/n1'), undefined);
    assert.equal(routes.match('/teams/t1/news'), undefined);
  });
});

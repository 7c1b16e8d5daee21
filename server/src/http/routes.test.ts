import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RouteTable, type Route } from './routes.ts';

const route = (method: Route['method'], path: string): Route => ({ method, path, auth: 'none', handler: () => ({}) });

function table(): RouteTable {
  const t = new RouteTable();
  t.addAll([
    route('GET', '/v2/account'),
    route('POST', '/v2/rpc/{id}'),
    route('GET', '/v2/rpc/{id}'),
    route('GET', '/v2/group/{groupId}/user'),
    route('POST', '/v2/group/{groupId}/join'),
    route('GET', '/v2/storage/{collection}/{userId}'),
    route('GET', '/v2/{area}/list'),
    route('GET', '/v2/group/list'),
  ]);
  return t;
}

test('exact paths, parameters decoded, HEAD as GET', () => {
  const t = table();
  const a = t.match('GET', '/v2/account');
  assert.equal(a.kind === 'found' && a.route.path, '/v2/account');
  const m = t.match('POST', '/v2/rpc/get%20team');
  assert.equal(m.kind, 'found');
  assert.equal(m.kind === 'found' && m.route.path, '/v2/rpc/{id}');
  assert.deepEqual(m.kind === 'found' && m.params, { id: 'get team' });
  const h = t.match('HEAD', '/v2/storage/%D0%BC%D0%B8%D1%80/u1');
  assert.deepEqual(h.kind === 'found' && h.params, { collection: 'мир', userId: 'u1' });
});

test('a static third segment wins over a parameter, whatever the order they were added in', () => {
  const t = table();
  const own = t.match('GET', '/v2/group/list');
  assert.equal(own.kind === 'found' && own.route.path, '/v2/group/list');
  const other = t.match('GET', '/v2/friend/list');
  assert.deepEqual(other.kind === 'found' && other.params, { area: 'friend' });
});

test('wrong method, unknown path, empty parameter, bad percent-encoding', () => {
  const t = table();
  assert.equal(t.match('DELETE', '/v2/rpc/echo').kind, 'method-not-allowed');
  assert.equal(t.match('POST', '/v2/account').kind, 'method-not-allowed');
  assert.equal(t.match('GET', '/v2/rpc').kind, 'not-found');
  assert.equal(t.match('GET', '/v2/rpc/').kind, 'not-found');
  assert.equal(t.match('GET', '/v2/group/g1/user/extra').kind, 'not-found');
  assert.equal(t.match('POST', '/v2/rpc/%E0%A4%A').kind, 'not-found');
});

test('a duplicate exact route is refused', () => {
  const t = table();
  assert.throws(() => t.add(route('GET', '/v2/account')), /Duplicate route GET \/v2\/account/);
});

test('a static segment that leads nowhere falls back to a parameter in its place', () => {
  const t = new RouteTable();
  t.addAll([route('GET', '/v2/group/{groupId}/user'), route('GET', '/v2/{area}/list'), route('POST', '/v2/group/{groupId}')]);
  const m = t.match('GET', '/v2/group/list');
  assert.equal(m.kind === 'found' && m.route.path, '/v2/{area}/list');
  assert.deepEqual(m.kind === 'found' && m.params, { area: 'group' });
  // The path exists for another method only.
  assert.equal(t.match('GET', '/v2/group/g1').kind, 'method-not-allowed');
  assert.equal(t.match('GET', 'v2/group/g1/user').kind, 'not-found');
});

test('a duplicate parameterised route is refused', () => {
  const t = table();
  assert.throws(() => t.add(route('POST', '/v2/rpc/{id}')), /Duplicate route POST \/v2\/rpc\/\{id\}/);
});

test('a path matched again answers the same route and params, frozen; a route added later is found', () => {
  const t = table();
  const first = t.match('POST', '/v2/rpc/echo');
  const again = t.match('POST', '/v2/rpc/echo');
  assert.equal(again, first);
  assert.ok(again.kind === 'found' && Object.isFrozen(again.params));
  assert.deepEqual(again.kind === 'found' && again.params, { id: 'echo' });
  assert.equal(t.match('GET', '/v2/group/list').kind === 'found' && t.match('GET', '/v2/x/list').kind, 'found');
  t.add(route('POST', '/v2/rpc/special'));
  const later = t.match('POST', '/v2/rpc/special');
  assert.equal(later.kind === 'found' && later.route.path, '/v2/rpc/special');
  // Other methods and paths are not confused with it.
  assert.equal(t.match('DELETE', '/v2/rpc/echo').kind, 'method-not-allowed');
  const other = t.match('POST', '/v2/rpc/other');
  assert.deepEqual(other.kind === 'found' && other.params, { id: 'other' });
});

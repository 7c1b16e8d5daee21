// A broadcast may name the match it shows: create_stream and update_stream take match_id (an existing
// match; null unlinks it), get_stream answers it, and deleting the match unlinks it.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { friendly, side, startLeaguePortal } from '../testing-league.ts';
import { Code, failsWithCode, type Portal } from '../testing.ts';

let p: Portal;
before(async () => {
  p = await startLeaguePortal();
});
after(() => p.close());

const stream = { title: 'Финал кубка', description: 'Прямая трансляция финала', embed_url: 'https://youtu.be/dQw4w9WgXcQ' };

describe('a broadcast’s match', () => {
  it('is named on creation or later, answered by get_stream, and unlinked by null or the match’s deletion', async () => {
    const [home, guest] = [await side(p, 0), await side(p, 0)];
    const matchId = await friendly(p, home, guest);
    const author = await p.registered();
    await failsWithCode(p.call(author, 'create_stream', { ...stream, match_id: crypto.randomUUID() }), Code.NotFound, 'Матч: матч не найден.');
    const s = await p.call(author, 'create_stream', { ...stream, match_id: matchId });
    assert.equal(s.match_id, matchId);
    assert.equal((await p.call(await p.guest(), 'get_stream', { id: s.id })).match_id, matchId);
    assert.equal((await p.call(author, 'update_stream', { id: s.id, match_id: null })).match_id, undefined);
    assert.equal((await p.call(author, 'update_stream', { id: s.id, match_id: matchId })).match_id, matchId);
    assert.equal((await p.call(author, 'update_stream', { id: s.id, title: 'Финал кубка района' })).match_id, matchId, 'kept when not given');
    await p.call(home.owner, 'delete_match', { id: matchId });
    assert.equal((await p.call(author, 'get_stream', { id: s.id })).match_id, undefined);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventPageLink, matchPageLink } from './links.ts';

describe('links', () => {
  it('opens a team event on its calendar at the event month, in Moscow time', () => {
    assert.equal(eventPageLink('t1', 'e1', new Date('2026-07-15T15:00:00Z')), '/teams/t1/schedule?month=2026-07&event=e1');
    // 31 Dec 22:30 UTC is already January in Moscow.
    assert.equal(eventPageLink('t1', 'e1', new Date('2026-12-31T22:30:00Z')), '/teams/t1/schedule?month=2027-01&event=e1');
  });
  it('opens a match on its page', () => {
    assert.equal(matchPageLink('m1'), '/matches/m1');
  });
});

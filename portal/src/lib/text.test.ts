// Lists send a long description only as far as their cards show it: broadcasts 100 characters (the spec's
// card), teams (also inside matches) and tournaments CARD_TEXT; the item's own RPC sends it whole.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startPortal, type Any, type Portal } from '../testing.ts';
import { CARD_TEXT } from './text.ts';

let p: Portal;
let s: Session;
before(async () => {
  p = await startPortal();
  s = await p.registered();
});
after(() => p.close());

/** A description of `words` words of 6 characters and a space each, ending in an emoji. */
const text = (words: number) => `${'слово '.repeat(words)}⚽`;
const cut = (whole: string, max: number) => `${[...whole].slice(0, max).join('').trimEnd()}…`;
const inFuture = new Date(Date.now() + 86_400_000).toISOString();

describe('descriptions in lists', () => {
  it('are cut to what the card shows at a character, whole in the item; short ones are as they are', async () => {
    const long = text(700);
    const team = await p.team(s, { description: text(280) });
    const other = await p.team(s, { description: 'Коротко' });
    const tournament = await p.call(s, 'create_tournament', { title: 'Кубок района', description: long, start_time: inFuture });
    const stream = await p.call(s, 'create_stream', { title: 'Финал кубка', description: long, embed_url: 'https://youtu.be/dQw4w9WgXcQ' });
    const match = await p.call(s, 'create_match', { owner_team_id: team.id, guest_team_id: other.id, match_time: inFuture });

    const teams = (await p.call(s, 'list_teams', { ids: [team.id, other.id] })).teams;
    assert.deepEqual(teams.map((t: Any) => t.description).sort(), [cut(text(280), CARD_TEXT), 'Коротко'].sort());
    assert.equal((await p.call(s, 'get_team', { id: team.id })).description, text(280));

    const [listed] = (await p.call(s, 'list_tournaments', { limit: 1, only_mine: true })).tournaments;
    assert.equal(listed.description, cut(long, CARD_TEXT));
    assert.equal((await p.call(s, 'get_tournament', { id: tournament.id })).description, long);

    const emoji = await p.call(s, 'create_stream', { title: 'Только мячи', description: '⚽'.repeat(101), embed_url: 'https://youtu.be/dQw4w9WgXcQ' });
    const broadcasts = new Map((await p.call(s, 'list_streams', { limit: 2, only_mine: true })).streams.map((b: Any) => [b.id, b.description]));
    assert.equal(broadcasts.get(stream.id), `${'слово '.repeat(16)}слов…`);
    assert.equal(broadcasts.get(emoji.id), `${'⚽'.repeat(100)}…`, 'whole characters');
    assert.equal((await p.call(s, 'get_stream', { id: stream.id })).description, long);

    // A team in a match is summarised as in a list.
    const [m] = (await p.call(s, 'list_matches', { team_id: team.id })).matches;
    assert.equal(m.owner_team.description, cut(text(280), CARD_TEXT));
    assert.equal(m.guest_team.description, 'Коротко');
    assert.equal((await p.call(s, 'get_match', { id: match.id })).owner_team.description, cut(text(280), CARD_TEXT));
    // Exactly CARD_TEXT characters, the last an emoji: not cut.
    const exact = `${'я'.repeat(CARD_TEXT - 1)}⚽`;
    const fits = await p.team(s, { description: exact });
    assert.equal((await p.call(s, 'list_teams', { ids: [fits.id] })).teams[0].description, exact);
  });
});

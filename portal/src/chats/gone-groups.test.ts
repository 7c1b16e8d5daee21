// A chat list never fails because a chat's group is gone (deleted behind the portal's back): a team chat's
// group is made again with the roster, a named chat whose group is gone is forgotten.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { Code, failsWithCode, startPortal, type Any, type Portal } from '../testing.ts';

let P: Portal;
let owner: Session;
let member: Session;
before(async () => {
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000', LIMIT_PLAYERS_PER_USER: '1000' });
  [owner, member] = await Promise.all([P.registered(), P.registered()]);
});
after(() => P.close());

const chats = async (s: Session): Promise<Any[]> => (await P.call(s, 'list_chats', {})).chats;

/** A team of owner's with member confirmed in it, and its chat. */
async function teamWithChat(): Promise<{ teamId: string; chat: Any }> {
  const teamId = (await P.team(owner)).id;
  await P.member(owner, member, teamId);
  return { teamId, chat: (await chats(owner)).find((c) => c.team_id === teamId) };
}

describe('a chat list when a chat\'s group is gone', () => {
  it('makes a team chat\'s group again, forgets a gone named chat, and lists the other chats', async () => {
    const { teamId, chat: team } = await teamWithChat();
    const kept = await P.call(owner, 'create_chat', { name: 'Остаётся', user_ids: [member.user_id] });
    const gone = await P.call(owner, 'create_chat', { name: 'Пропадёт', user_ids: [member.user_id] });
    const direct = await P.call(member, 'create_chat', { user_ids: [owner.user_id], direct: true });
    await P.ts.app.nk.groupDelete(team.channel.target);
    await P.ts.app.nk.db.execute('DELETE FROM groups WHERE id = $1', [gone.channel.target]);

    for (const s of [member, owner]) {
      const listed = await chats(s);
      const again = listed.find((c) => c.team_id === teamId);
      assert.ok(again, 'the team chat is listed again');
      assert.notEqual(again.id, team.id);
      assert.deepEqual([...again.participants].sort(), [owner.user_id, member.user_id].sort());
      assert.ok(listed.some((c) => c.id === kept.id));
      assert.ok(listed.some((c) => c.id === direct.id));
      assert.ok(!listed.some((c) => c.id === gone.id || c.id === team.id));
      assert.ok((await P.call(s, 'list_chats_summary', {})).chats.some((c: Any) => c.id === kept.id));
    }
    // Both sides see the one new group; the gone named chat's row is forgotten.
    assert.equal((await chats(member)).find((c) => c.team_id === teamId).id, (await chats(owner)).find((c) => c.team_id === teamId).id);
    const rows = await P.ts.app.nk.db.query('SELECT 1 FROM chat_group WHERE group_id = $1', [gone.channel.target]);
    assert.equal(rows.length, 0);
    const again = (await chats(member)).find((c) => c.team_id === teamId);
    await P.call(member, 'send_message', { chat_id: again.id, content: 'Мы снова здесь' });
    await failsWithCode(P.call(member, 'send_message', { chat_id: gone.id, content: 'Кто тут?' }), Code.NotFound, 'Чат не найден.');
  });

  it('a participant who is not the creator is answered too, and the chat is forgotten when they write to it', async () => {
    const gone = await P.call(owner, 'create_chat', { name: 'Исчезнет', user_ids: [member.user_id] });
    await P.ts.app.nk.groupDelete(gone.channel.target);
    assert.ok(!(await chats(member)).some((c) => c.id === gone.id));
    await failsWithCode(P.call(member, 'send_message', { chat_id: gone.id, content: 'Алло' }), Code.NotFound, 'Чат не найден.');
    assert.equal((await P.ts.app.nk.db.query('SELECT 1 FROM chat_group WHERE group_id = $1', [gone.channel.target])).length, 0);
  });
});

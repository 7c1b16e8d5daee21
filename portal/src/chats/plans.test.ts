// The chat reads are served by the message index on 100,000 messages: the summary of a user's chats
// (unread counts and last messages, one statement) and message pages of one or several chats read
// each chat's range of message_stream_create_time_id_idx and never scan the table or sort it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import type { Db } from '@tribuna/server';
import { startPortal, type Any, type Portal } from '../testing.ts';

let P: Portal;
let owner: Session;
let chatIds: string[];

const CHATS = 20;
const MESSAGES = 100_000;

before(async () => {
  P = await startPortal({ LIMIT_TEAMS_PER_USER: '1000' });
  owner = await P.registered();
  for (let i = 0; i < CHATS; i++) await P.team(owner);
  const chats: Any[] = (await P.call(owner, 'list_chats', {})).chats;
  chatIds = chats.map((c) => c.id);
  assert.equal(chatIds.length, CHATS);
  // 100,000 messages spread over the chats, every seventh the owner's own, one a minute back from now.
  await P.ts.app.nk.db.execute(
    `INSERT INTO message (id, code, sender_id, username, stream_mode, stream_subject, content, create_time, update_time)
     SELECT gen_random_uuid(), 0, CASE WHEN i % 7 = 0 THEN $2::uuid ELSE gen_random_uuid() END, 'u', 3,
            split_part(($1::text[])[1 + i % array_length($1::text[], 1)], '.', 2),
            jsonb_build_object('text', 'Сообщение ' || i), now() - i * interval '1 minute', now() - i * interval '1 minute'
     FROM generate_series(1, $3::int) AS i`,
    [chatIds, owner.user_id, MESSAGES],
  );
  await P.ts.app.nk.db.execute('ANALYZE message');
});
after(() => P.close());

/** The statements db runs while fn runs, with their parameters. */
async function statementsOf(db: Db, fn: () => Promise<unknown>): Promise<[string, unknown[]][]> {
  const seen: [string, unknown[]][] = [];
  const own = Object.hasOwn(db, 'query');
  const original = db.query;
  db.query = ((sql: string, params?: unknown[]) => {
    seen.push([sql, params ?? []]);
    return original.call(db, sql, params);
  }) as Db['query'];
  try {
    await fn();
  } finally {
    if (own) db.query = original;
    else delete (db as Partial<Db>).query;
  }
  return seen;
}

/** The statements of fn that read the message table, explained as the planner chooses (no settings changed). */
async function messagePlans(fn: () => Promise<unknown>): Promise<string[]> {
  const db = P.ts.app.nk.db;
  const statements = (await statementsOf(db, fn)).filter(([sql]) => /\bFROM message\b/.test(sql));
  assert.ok(statements.length, 'a statement reading messages');
  return Promise.all(statements.map(async ([sql, params]) => {
    const rows = await db.query<Record<string, string>>(`EXPLAIN ${sql}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  }));
}

/**
 * Each chat's messages are read from its range of the index in order (newest first) and no more than
 * the page needs; only the merge of several chats' few rows may sort.
 */
function assertIndexed(plan: string): void {
  assert.match(plan, /Index (Only )?Scan Backward using message_stream_create_time_id_idx on message/, plan);
  assert.doesNotMatch(plan, /Seq Scan on message|Bitmap Heap Scan on message/, plan);
  const sorts = plan.split('\n').filter((l) => /Sort {2}\(/.test(l)).length;
  assert.ok(sorts <= 1, plan);
}

describe('chat query plans on 100,000 messages', () => {
  it('the summary of every chat is one statement over the message index', async () => {
    let chats: Any[] = [];
    const plans = await messagePlans(async () => {
      chats = (await P.call(owner, 'list_chats_summary', {})).chats;
    });
    assert.equal(plans.length, 1);
    assertIndexed(plans[0]);
    assert.doesNotMatch(plans[0], /Sort {2}\(/, plans[0]);
    assert.equal(chats.length, CHATS);
    // Never read: every message of the others counts, up to the cap of 100.
    for (const c of chats) assert.equal(c.unread_count, 100, JSON.stringify(c));
    assert.equal(chats[0].last_message.content, 'Сообщение 1');
  });

  it('pages of one chat and of several chats read the index in order', async () => {
    for (const ids of [[chatIds[0]], chatIds.slice(0, 5)]) {
      const plans = await messagePlans(async () => {
        const first = await P.call(owner, 'list_messages', { chat_ids: ids, limit: 50 });
        await P.call(owner, 'list_messages', { chat_ids: ids, limit: 50, cursor: first.cursor });
      });
      assert.equal(plans.length, 2);
      for (const plan of plans) assertIndexed(plan);
    }
  });
});

// The crash test's checks (crash.test.ts), on a server started again on the data of the killed one: every
// acknowledged write is there with its value, and the database holds nothing half-applied.
import assert from 'node:assert/strict';
import type { Queryable } from '@tribuna/server';
import type { TestServer } from '@tribuna/server/testing';
import type { Any } from './testing.ts';

export interface User { id: string; token: string; playerId: string; team?: string }

/** What the storm starts from: users with coins and a player each, teams with chats, matches, news. */
export interface World {
  users: User[];
  teams: { id: string; owner: string; chat: string }[];
  /** matches[k]: team k at home against team k+1. */
  matches: string[];
  news: string[];
}

/** What the server acknowledged (answered 2xx) before it was killed. */
export interface Acked {
  total: number;
  objects: { user: string; key: string; value: object; version: string }[];
  /** Each user's object "counter", written with its version: the last acknowledged n and version. */
  counters: Map<string, { n: number; version: string }>;
  messages: { id: string; chat: string; text: string }[];
  spends: { user: string; amount: number; reason: string }[];
  payments: { user: string; id: string }[];
  teams: { id: string; owner: string }[];
  requests: { id: string; team: string; user: string }[];
  approvals: { id: string; team: string; user: string; role: number }[];
  /** By match: the last result its home side reported. */
  results: Map<string, { home: number; guest: number }>;
  events: string[];
  friends: { user: string; other: string }[];
  /** `${user} ${news}`: liked or not, and the rating, after the last acknowledged like, unlike or rating. */
  likes: Map<string, boolean>;
  ratings: Map<string, number>;
  /**
   * The writes in flight when the server was killed, by the keys above ("counter <user>", "like <user>
   * <news>", "rating <user> <news>", "result <match>"): each may or may not have been committed.
   */
  pending: Map<string, unknown>;
}

/** Rows a statement finds; each one is a broken rule, shown in the failure. */
async function none(q: Queryable, what: string, sql: string, params: unknown[] = []): Promise<void> {
  const rows = await q.query(sql, params);
  assert.deepEqual(rows, [], `${what}: ${JSON.stringify(rows.slice(0, 5))}`);
}

/** The acknowledged value, or the one a write in flight may have put there instead. */
function oneOf<T>(actual: T, acked: T | undefined, pending: unknown, what: string): void {
  const allowed = [acked, pending].filter((v) => v !== undefined);
  assert.ok(allowed.some((v) => JSON.stringify(v) === JSON.stringify(actual)), `${what}: ${JSON.stringify(actual)}, expected one of ${JSON.stringify(allowed)}`);
}

/** Every acknowledged write is there, with its value. */
async function acknowledgedWrites(ts: TestServer, world: World, a: Acked): Promise<void> {
  const q = ts.app.nk.db;
  const token = new Map(world.users.map((u) => [u.id, u.token]));

  // Storage objects, read back through the REST API by their owners.
  for (const u of world.users) {
    const mine = a.objects.filter((o) => o.user === u.id);
    for (let i = 0; i < mine.length; i += 100) {
      const batch = mine.slice(i, i + 100);
      const res = await fetch(`${ts.url}/v2/storage`, {
        method: 'POST',
        headers: { authorization: `Bearer ${u.token}` },
        body: JSON.stringify({ object_ids: batch.map((o) => ({ collection: 'crash', key: o.key, user_id: u.id })) }),
      });
      assert.equal(res.status, 200);
      const { objects = [] } = (await res.json()) as { objects?: Any[] };
      const got = new Map(objects.map((o) => [o.key, o]));
      for (const o of batch) {
        assert.ok(got.has(o.key), `storage object ${o.key} of ${u.id} is gone`);
        assert.deepEqual(JSON.parse(got.get(o.key).value), o.value);
        assert.equal(got.get(o.key).version, o.version);
      }
    }
  }
  const counters = new Map((await q.query<Any>(`SELECT user_id, value, version FROM storage WHERE collection = 'crash' AND key = 'counter'`))
    .map((r) => [r.user_id, r]));
  for (const [user, c] of a.counters) {
    const row = counters.get(user);
    assert.ok(row, `the counter object of ${user} is gone`);
    oneOf(row.value.n, c.n, a.pending.get(`counter ${user}`), `the counter of ${user}`);
    if (row.value.n === c.n) assert.equal(row.version, c.version);
  }

  const messages = new Map((await q.query<Any>('SELECT id, content FROM message WHERE id = ANY($1::uuid[])', [a.messages.map((m) => m.id)]))
    .map((r) => [r.id, r.content]));
  for (const m of a.messages) assert.equal(messages.get(m.id)?.text, m.text, `message ${m.id}`);

  const spent = await q.query<Any>(
    `SELECT user_id, metadata->>'reason' AS reason, (changeset->>'COIN')::int AS coins FROM wallet_ledger WHERE metadata->>'reason' = ANY($1::text[])`,
    [a.spends.map((s) => s.reason)],
  );
  const byReason = new Map(spent.map((r) => [r.reason, r]));
  assert.equal(byReason.size, spent.length, 'one ledger row per spend');
  for (const s of a.spends) assert.deepEqual(byReason.get(s.reason), { user_id: s.user, reason: s.reason, coins: -s.amount }, `spend ${s.reason}`);

  const payments = new Map((await q.query<Any>('SELECT id, user_id FROM payment WHERE id = ANY($1::uuid[])', [a.payments.map((p) => p.id)]))
    .map((r) => [r.id, r.user_id]));
  for (const p of a.payments) assert.equal(payments.get(p.id), p.user, `payment ${p.id}`);

  const teams = new Map((await q.query<Any>('SELECT id, creator_id FROM team WHERE id = ANY($1::uuid[])', [a.teams.map((t) => t.id)]))
    .map((r) => [r.id, r.creator_id]));
  for (const t of a.teams) assert.equal(teams.get(t.id), t.owner, `team ${t.id}`);

  const roster = new Map((await q.query<Any>(
    'SELECT id, team_id, user_id, is_confirmed, team_role FROM team_player WHERE id = ANY($1::uuid[])',
    [[...a.requests, ...a.approvals].map((r) => r.id)],
  )).map((r) => [r.id, r]));
  for (const r of a.requests) assert.deepEqual([roster.get(r.id)?.team_id, roster.get(r.id)?.user_id], [r.team, r.user], `join request ${r.id}`);
  for (const r of a.approvals) {
    assert.deepEqual([roster.get(r.id)?.is_confirmed, roster.get(r.id)?.team_role], [true, r.role], `approved player ${r.id}`);
  }

  const scores = new Map((await q.query<Any>('SELECT id, home_score, guest_score FROM match WHERE id = ANY($1::uuid[])', [world.matches]))
    .map((r) => [r.id, r]));
  for (const [match, s] of a.results) {
    const row = scores.get(match);
    oneOf({ home: row.home_score, guest: row.guest_score }, s, a.pending.get(`result ${match}`), `the result of match ${match}`);
  }
  const events = await q.query<Any>('SELECT id FROM match_event WHERE id = ANY($1::uuid[])', [a.events]);
  assert.equal(events.length, a.events.length, 'every acknowledged match event is there');

  const edges = await q.query<Any>('SELECT source_id, destination_id, state FROM user_edge');
  const edge = new Map(edges.map((e) => [`${e.source_id} ${e.destination_id}`, e.state]));
  for (const f of a.friends) assert.ok([0, 1].includes(edge.get(`${f.user} ${f.other}`)), `friend request of ${f.user} to ${f.other}`);

  const likes = new Set((await q.query<Any>('SELECT user_id, news_id FROM news_like')).map((r) => `${r.user_id} ${r.news_id}`));
  for (const [key, liked] of a.likes) oneOf(likes.has(key), liked, a.pending.get(`like ${key}`), `the like ${key}`);
  const ratings = new Map((await q.query<Any>('SELECT user_id, news_id, rating FROM news_rating')).map((r) => [`${r.user_id} ${r.news_id}`, r.rating]));
  for (const [key, rating] of a.ratings) oneOf(ratings.get(key), rating, a.pending.get(`rating ${key}`), `the rating ${key}`);

  // Wallets as the portal shows them: what the database holds (checked against the ledgers below).
  const wallets = new Map((await q.query<Any>('SELECT id, wallet FROM users WHERE id = ANY($1::uuid[])', [world.users.map((u) => u.id)]))
    .map((r) => [r.id, r.wallet]));
  for (const u of world.users) {
    const res = await fetch(`${ts.url}/v2/rpc/get_wallet`, { method: 'POST', headers: { authorization: `Bearer ${token.get(u.id)}` }, body: '"{}"' });
    assert.equal(res.status, 200);
    const { wallet } = JSON.parse(((await res.json()) as Any).payload);
    assert.equal(wallet.COIN, wallets.get(u.id).COIN ?? 0);
  }
}

/** Nothing half-applied anywhere in the database: counters equal their rows, money equals its ledger. */
async function wholeDatabase(q: Queryable): Promise<void> {
  await none(q, 'wallets that differ from the sum of their ledger', `
    WITH w AS (SELECT u.id AS user_id, c.key AS currency, c.value::bigint AS amount FROM users u, jsonb_each_text(u.wallet) c),
         l AS (SELECT l.user_id, c.key AS currency, sum(c.value::bigint) AS amount FROM wallet_ledger l, jsonb_each_text(l.changeset) c GROUP BY 1, 2)
    SELECT coalesce(w.user_id, l.user_id) AS user_id, coalesce(w.currency, l.currency) AS currency, w.amount AS wallet, l.amount AS ledger
    FROM w FULL JOIN l ON l.user_id = w.user_id AND l.currency = w.currency
    WHERE coalesce(w.amount, 0) <> coalesce(l.amount, 0)`);
  await none(q, 'payments without their ledger row, or with more than one', `
    SELECT p.id, p.status, count(l.id)::int AS rows, sum((l.changeset->>'COIN')::int)::int AS coins, p.coins AS paid
    FROM payment p LEFT JOIN wallet_ledger l ON l.metadata->>'payment_id' = p.id::text AND l.user_id = p.user_id
    GROUP BY p.id
    HAVING count(l.id) <> CASE WHEN p.status = 'succeeded' THEN 1 ELSE 0 END
        OR (p.status = 'succeeded' AND sum((l.changeset->>'COIN')::int) <> p.coins)`);
  await none(q, 'ledger rows of purchases that are not there', `
    SELECT l.id FROM wallet_ledger l WHERE l.metadata ? 'payment_id'
      AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.id::text = l.metadata->>'payment_id' AND p.status = 'succeeded')`);
  await none(q, 'news whose like and rating counters differ from their rows', `
    SELECT n.id, n.like_count, n.rating_count, n.rating_sum, n.rating_tenths,
           (SELECT count(*) FROM news_like l WHERE l.news_id = n.id)::int AS likes,
           r.count AS ratings, r.sum AS rating_sum_rows
    FROM news n, LATERAL (SELECT count(*)::int AS count, coalesce(sum(rating), 0)::int AS sum FROM news_rating WHERE news_id = n.id) r
    WHERE n.like_count <> (SELECT count(*) FROM news_like l WHERE l.news_id = n.id)
       OR n.rating_count <> r.count OR n.rating_sum <> r.sum
       OR n.rating_tenths <> CASE WHEN r.count = 0 THEN 0 ELSE round(r.sum::numeric / r.count, 1) * 10 END`);
  await none(q, 'tournaments whose rating counters differ from their rows', `
    SELECT t.id FROM tournament t, LATERAL (SELECT count(*) AS count, coalesce(sum(rating), 0) AS sum FROM tournament_rating WHERE tournament_id = t.id) r
    WHERE t.rating_count <> r.count OR t.rating_sum <> r.sum`);
  await none(q, 'groups whose member count differs from their members', `
    SELECT g.id, g.edge_count, (SELECT count(*) FROM group_edge e WHERE e.group_id = g.id AND e.state <= 2)::int AS members
    FROM groups g WHERE g.edge_count <> (SELECT count(*) FROM group_edge e WHERE e.group_id = g.id AND e.state <= 2)`);
  await none(q, 'users whose friend count differs from their edges', `
    SELECT u.id, u.edge_count FROM users u
    WHERE u.edge_count <> (SELECT count(*) FROM user_edge e WHERE e.source_id = u.id AND e.state <= 2)`);
  await none(q, 'friend edges without their other half', `
    SELECT a.source_id, a.destination_id, a.state FROM user_edge a
    WHERE a.state <> 3 AND NOT EXISTS (SELECT 1 FROM user_edge b WHERE b.source_id = a.destination_id AND b.destination_id = a.source_id
      AND (a.state, b.state) IN ((0, 0), (1, 2), (2, 1)))`);
  // Players' career totals, counted afresh from the events and squads of confirmed matches.
  await none(q, 'players whose totals differ from their confirmed matches', `
    SELECT p.id, p.goals, p.matches, t.goals AS counted_goals, t.matches AS counted_matches FROM player p, LATERAL (
      SELECT count(*) FILTER (WHERE r.role = 'p' AND r.type IN ('goal', 'penalty_goal')) AS goals,
             count(*) FILTER (WHERE r.role = 'a') AS assists, count(DISTINCT r.match_id) AS matches,
             count(*) FILTER (WHERE r.role = 'p' AND r.type = 'yellow') AS yellow, count(*) FILTER (WHERE r.role = 'p' AND r.type = 'red') AS red
      FROM (SELECT 'p' AS role, e.type, e.match_id FROM match_event e WHERE e.player_id = p.id
            UNION ALL SELECT 'a', e.type, e.match_id FROM match_event e WHERE e.assist_player_id = p.id
            UNION ALL SELECT 'o', e.type, e.match_id FROM match_event e WHERE e.player_out_id = p.id
            UNION ALL SELECT 's', NULL, s.match_id FROM match_squad s WHERE s.player_id = p.id) r
      WHERE EXISTS (SELECT 1 FROM match m WHERE m.id = r.match_id AND m.result_state = 'confirmed')) t
    WHERE (p.goals, p.assists, p.matches, p.yellow, p.red) <> (t.goals, t.assists, t.matches, t.yellow, t.red)`);
  await none(q, 'teams without exactly one default formation', `
    SELECT t.id FROM team t WHERE (SELECT count(*) FROM team_formation f WHERE f.team_id = t.id AND f.is_default) <> 1`);
  await none(q, 'teams whose chat group is gone', `
    SELECT t.id FROM team t WHERE t.chat_group_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM groups g WHERE g.id = t.chat_group_id)`);
  await none(q, 'match events of a team not in the match', `
    SELECT e.id FROM match_event e JOIN match m ON m.id = e.match_id WHERE e.team_id NOT IN (m.owner_team_id, m.guest_team_id)`);
  // A result waiting for the other side names the side that reported it; a confirmed one may not (the
  // organiser's, or that of a manager of both teams).
  await none(q, 'results half-set', `
    SELECT id, result_state FROM match WHERE (result_state = 'none') <> (home_score IS NULL)
      OR (result_state IN ('reported', 'disputed') AND result_reported_team IS NULL)`);
}

/**
 * The checks after the restart: the acknowledged writes, the whole database's rules, and the work that
 * follows a commit (a team's chat, its group following the roster) caught up with at the next use.
 */
export async function crashChecks(ts: TestServer, world: World, a: Acked): Promise<void> {
  const q = ts.app.nk.db;
  await acknowledgedWrites(ts, world, a);
  await wholeDatabase(q);
  const token = new Map(world.users.map((u) => [u.id, u.token]));
  const rpc = async (user: string, id: string, input: object): Promise<Any> => {
    const res = await fetch(`${ts.url}/v2/rpc/${id}`, { method: 'POST', headers: { authorization: `Bearer ${token.get(user)}` }, body: JSON.stringify(JSON.stringify(input)) });
    const body = (await res.json()) as Any;
    assert.equal(res.status, 200, `${id} ${JSON.stringify(input)}: ${JSON.stringify(body)}`);
    return JSON.parse(body.payload);
  };
  // A team made just before the crash may not have its chat yet: its owner opens it.
  for (const t of a.teams) assert.equal((await rpc(t.owner, 'create_chat', { team_id: t.id })).team_id, t.id);
  // Approved players write in their team's chat, whether or not the crash came before their group was told.
  const chat = new Map(world.teams.map((t) => [t.id, t.chat]));
  for (const r of a.approvals) await rpc(r.user, 'send_message', { chat_id: chat.get(r.team), content: 'После перезапуска' });
  await wholeDatabase(q);
}

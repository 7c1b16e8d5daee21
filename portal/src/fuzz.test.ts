// Property-based fuzzing of every portal RPC (enumerated from `rpcs`: a new RPC is fuzzed as soon as it is
// added), through POST /v2/rpc/<id> as a registered user, the owner of real rows, a guest and (public RPCs)
// with the HTTP key: payloads made
// from the RPC's own zod schema (valid-shaped, with real ids mixed in) and values outside it (wrong types,
// missing and extra keys, out of range, oversized). Every answer is a success or a client error in the error
// envelope, never a server error, and a refused call of a writing RPC leaves every table as it was.
// FUZZ_SEED, FUZZ_RUNS and FUZZ_PATH come from the environment (`npm run fuzz` runs long).
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import fc from 'fast-check';
import { fuzzSettings, tableDigests, type TableDigest } from '@tribuna/server/testing';
import { rpcs } from './index.ts';
import { crowd, startPortal } from './testing.ts';
import { IdPool, outside, valid } from './testing-fuzz.ts';

const settings = fuzzSettings(4);

// Limits high enough that a refusal is the RPC's own, not a 429 from a counter the fuzzing filled up.
const MANY = '1000000';
const p = await startPortal({
  LIMIT_WRITES_PER_USER_MINUTE: MANY,
  LIMIT_WRITES_PER_ADDRESS_MINUTE: MANY,
  LIMIT_CREATIONS_PER_USER_HOUR: MANY,
  LIMIT_REACTIONS_PER_USER_MINUTE: MANY,
  LIMIT_CHAT_MESSAGES_PER_USER_MINUTE: MANY,
  LIMIT_NEWS_PER_USER_DAY: MANY,
  LIMIT_CHATS_PER_USER_DAY: MANY,
  LIMIT_TEAMS_PER_USER: MANY,
  LIMIT_PLAYERS_PER_USER: MANY,
  LIMIT_UPLOADS_PER_USER_HOUR: MANY,
});
after(() => p.close());
const { ts } = p;
const db = ts.app.nk.db;

// The owner of a team with a member, a player and a chat: ids of real rows, and someone allowed to change them.
const owner = await p.registered();
const users = await crowd(ts, 8);
const guest = await p.guest();
const team = await p.team(owner);
const membership = await p.member(owner, users[0], team.id);
const ids = new IdPool([team.id, membership.id, membership.player_id, owner.user_id!, users[0].user_id!]);

/** Tables whose change after a refused call is named, or nothing: no table is excluded, sessions included. */
function changedTables(before: Map<string, TableDigest>, now: Map<string, TableDigest>): string[] {
  const out: string[] = [];
  for (const [name, d] of now) {
    const b = before.get(name);
    if (!b || b.rows !== d.rows || b.md5 !== d.md5) out.push(`${name} (${b?.rows ?? 0} -> ${d.rows} rows)`);
  }
  return out;
}

/** Who calls: a session, or the HTTP key (server to server, no user). */
type Caller = Session | 'http_key';

/** Calls an RPC as nakama-js does: the payload's JSON text as a JSON string. */
async function callRpc(id: string, caller: Caller, payload: unknown): Promise<{ status: number; text: string }> {
  const key = caller === 'http_key';
  const res = await fetch(`${ts.url}/v2/rpc/${id}${key ? `?http_key=${ts.config.httpKey}` : ''}`, {
    method: 'POST',
    headers: key ? {} : { Authorization: `Bearer ${caller.token}` },
    body: JSON.stringify(JSON.stringify(payload)),
  });
  return { status: res.status, text: await res.text() };
}

/** What is wrong with an answer, or undefined when it is fine. */
function problem(status: number, text: string): string | undefined {
  if (status >= 500) return `server error ${status} ${text.slice(0, 300)}`;
  if (status < 400) return undefined;
  try {
    const e = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof e.code === 'number' && typeof e.message === 'string') return undefined;
  } catch {
    // Reported below.
  }
  return `${status} without the error envelope: ${text.slice(0, 300)}`;
}

describe('fuzzing every portal RPC', () => {
  it('covers every RPC', () => {
    assert.ok(rpcs.length > 100);
  });

  for (const def of rpcs) {
    const writes = def.limit !== undefined;
    // Public RPCs are called by guests and with the HTTP key too (the handler then has no user).
    const callers: Caller[] = def.access === 'public' ? [owner, ...users, guest, guest, 'http_key', 'http_key'] : [owner, ...users, guest];
    it(def.id, async () => {
      let last = writes ? await tableDigests(db) : undefined;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 3, arbitrary: valid(def.input, ids) }, { weight: 2, arbitrary: outside(def.input, ids) }),
          fc.nat(callers.length - 1),
          async (payload, who) => {
            const { status, text } = await callRpc(def.id, callers[who], payload);
            const input = JSON.stringify(payload)?.slice(0, 300);
            assert.equal(problem(status, text), undefined, `${def.id} ${input}`);
            if (status < 400) ids.harvest(text);
            if (!last) return;
            const now = await tableDigests(db);
            if (status >= 400) assert.deepEqual(changedTables(last, now), [], `${def.id} ${input} was refused (${text.slice(0, 200)}) yet changed`);
            last = now;
          },
        ),
        settings,
      );
    });
  }

  it('leaves the server up', async () => {
    assert.equal((await fetch(`${ts.url}/healthcheck`)).status, 200);
    assert.ok(Array.isArray((await p.call(owner, 'list_teams', {})).teams));
  });
});

// The `nk` facade's wallet and ledger, called from a test module's RPCs and observed through the client.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moduleTestServer } from '../testing/module-test-server.ts';
import type { RuntimeModule } from './types.ts';
import type { TestSession } from '../testing/index.ts';

const walletModule: RuntimeModule = {
  name: 'nk-wallet-test',
  init(initializer, nk) {
    const call = (id: string, fn: (a: Record<string, unknown>) => Promise<unknown>) =>
      initializer.registerRpc(id, async (_ctx, payload) => JSON.stringify((await fn(JSON.parse(payload || '{}'))) ?? null));
    call('wallet_update', (a) =>
      nk.walletUpdate(a.userId as string, a.changeset as Record<string, number>, a.metadata as Record<string, unknown>, a.updateLedger as boolean | undefined));
    call('wallets_update', (a) => nk.walletsUpdate(a.updates as never, a.updateLedger as boolean | undefined));
    call('ledger_list', (a) => nk.walletLedgerList(a.userId as string, a.limit as number | undefined, a.cursor as string | undefined));
    call('ledger_update', (a) => nk.walletLedgerUpdate(a.id as string, a.metadata as Record<string, unknown>));
    call('account_get', (a) => nk.accountGetId(a.userId as string));
    call('account_delete', (a) => nk.accountDeleteId(a.userId as string));
  },
};

const h = moduleTestServer(walletModule);
const { rpc, refusal } = h;

async function clientWallet(s: TestSession): Promise<Record<string, number>> {
  return JSON.parse((await h.ts.client().getAccount(s)).wallet as unknown as string);
}

describe('nk wallet', () => {
  it('walletUpdate adds and spends; GET /v2/account and accountGetId show the same balances', async () => {
    const s = await h.ts.newSession();
    assert.deepEqual(await clientWallet(s), {});
    let r = await rpc('wallet_update', { userId: s.user_id, changeset: { coins: 100, gems: 5 }, metadata: { reason: 'start' } });
    assert.deepEqual(r, { userId: s.user_id, updated: { coins: 100, gems: 5 }, previous: {} });
    r = await rpc('wallet_update', { userId: s.user_id, changeset: { coins: -30 } });
    assert.deepEqual(r.previous, { coins: 100, gems: 5 });
    assert.deepEqual(r.updated, { coins: 70, gems: 5 });
    assert.deepEqual(await clientWallet(s), { coins: 70, gems: 5 });
    assert.deepEqual((await rpc('account_get', { userId: s.user_id })).wallet, { coins: 70, gems: 5 });
  });

  it('refuses a change that would leave a balance below zero: nothing applied, no ledger row', async () => {
    const s = await h.ts.newSession();
    await rpc('wallet_update', { userId: s.user_id, changeset: { coins: 10 } });
    const e = await refusal('wallet_update', { userId: s.user_id, changeset: { gems: 3, coins: -11 } });
    assert.equal(e.status, 400);
    assert.equal(e.body.code, 9);
    assert.match(String(e.body.message), /negative value at path 'coins'/);
    assert.deepEqual(await clientWallet(s), { coins: 10 });
    assert.equal((await rpc('ledger_list', { userId: s.user_id })).items.length, 1);
    // A currency the user does not have cannot be spent either.
    assert.equal((await refusal('wallet_update', { userId: s.user_id, changeset: { tokens: -1 } })).status, 400);
  });

  it('walletsUpdate changes several users in one transaction: one refusal refuses all', async () => {
    const a = await h.ts.newSession();
    const b = await h.ts.newSession();
    await rpc('wallet_update', { userId: a.user_id, changeset: { coins: 50 } });
    // A transfer, then a second change of the same user in the same batch, applied in order.
    const r = await rpc('wallets_update', {
      updates: [
        { userId: a.user_id, changeset: { coins: -20 }, metadata: { to: b.user_id } },
        { userId: b.user_id, changeset: { coins: 20 }, metadata: { from: a.user_id } },
        { userId: a.user_id, changeset: { coins: -5 } },
      ],
    });
    assert.deepEqual(r.map((x: { updated: unknown }) => x.updated), [{ coins: 30 }, { coins: 20 }, { coins: 25 }]);
    const e = await refusal('wallets_update', {
      updates: [
        { userId: b.user_id, changeset: { coins: 100 } },
        { userId: a.user_id, changeset: { coins: -26 } },
      ],
    });
    assert.equal(e.status, 400);
    assert.deepEqual(await clientWallet(a), { coins: 25 });
    assert.deepEqual(await clientWallet(b), { coins: 20 });
    // An unknown user refuses the batch too.
    const unknown = await refusal('wallets_update', { updates: [{ userId: b.user_id, changeset: { coins: 1 } }, { userId: crypto.randomUUID(), changeset: { coins: 1 } }] });
    assert.equal(unknown.status, 404);
    assert.deepEqual(await clientWallet(b), { coins: 20 });
  });

  it('refuses malformed changesets, metadata and ids', async () => {
    const s = await h.ts.newSession();
    for (const changeset of [{ coins: 1.5 }, { coins: '5' }, [], { '': 1 }, { coins: 2 ** 60 }]) {
      assert.equal((await refusal('wallet_update', { userId: s.user_id, changeset })).status, 400, JSON.stringify(changeset));
    }
    assert.equal((await refusal('wallet_update', { userId: s.user_id, changeset: { coins: 1 }, metadata: { a: 'x\u0000' } })).status, 400);
    assert.equal((await refusal('wallet_update', { userId: 'nope', changeset: { coins: 1 } })).status, 400);
    await rpc('wallet_update', { userId: s.user_id, changeset: { coins: Number.MAX_SAFE_INTEGER } });
    assert.equal((await refusal('wallet_update', { userId: s.user_id, changeset: { coins: 1 } })).status, 400);
    assert.deepEqual(await clientWallet(s), { coins: Number.MAX_SAFE_INTEGER });
  });

  it('keeps a ledger: newest first, paged by cursor, metadata merged by walletLedgerUpdate', async () => {
    const s = await h.ts.newSession();
    for (let i = 1; i <= 5; i++) await rpc('wallet_update', { userId: s.user_id, changeset: { coins: i }, metadata: { n: i } });
    await rpc('wallet_update', { userId: s.user_id, changeset: { coins: 100 }, updateLedger: false });
    const first = await rpc('ledger_list', { userId: s.user_id, limit: 2 });
    assert.deepEqual(first.items.map((i: { metadata: { n: number } }) => i.metadata.n), [5, 4]);
    assert.deepEqual(first.items[0].changeset, { coins: 5 });
    assert.equal(first.items[0].userId, s.user_id);
    const second = await rpc('ledger_list', { userId: s.user_id, limit: 2, cursor: first.cursor });
    const third = await rpc('ledger_list', { userId: s.user_id, limit: 2, cursor: second.cursor });
    assert.deepEqual([...second.items, ...third.items].map((i: { metadata: { n: number } }) => i.metadata.n), [3, 2, 1]);
    assert.equal(third.cursor, undefined);

    const updated = await rpc('ledger_update', { id: first.items[0].id, metadata: { receipt: 'r-1' } });
    assert.deepEqual(updated.metadata, { n: 5, receipt: 'r-1' });
    assert.deepEqual((await rpc('ledger_list', { userId: s.user_id, limit: 1 })).items[0].metadata, { n: 5, receipt: 'r-1' });
    assert.equal((await refusal('ledger_update', { id: crypto.randomUUID(), metadata: {} })).status, 404);
    assert.equal((await refusal('ledger_list', { userId: s.user_id, cursor: 'bad' })).status, 400);
    assert.equal((await refusal('ledger_list', { userId: s.user_id, limit: 101 })).status, 400);
  });

  it('a deleted account takes its ledger with it', async () => {
    const s = await h.ts.newSession();
    await rpc('wallet_update', { userId: s.user_id, changeset: { coins: 1 } });
    await rpc('account_delete', { userId: s.user_id });
    assert.deepEqual((await rpc('ledger_list', { userId: s.user_id })).items, []);
  });

  it(`50 parallel spends never take a balance below zero (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const s = await h.ts.newSession();
    await rpc('wallet_update', { userId: s.user_id, changeset: { coins: 20 } });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => h.ts.client().rpc(h.operator, 'wallet_update', { userId: s.user_id, changeset: { coins: -1 }, metadata: { i } })),
    );
    const spent = results.filter((r) => r.status === 'fulfilled');
    assert.equal(spent.length, 20);
    for (const r of results) if (r.status === 'rejected') assert.equal((r.reason as Response).status, 400);
    assert.deepEqual(await clientWallet(s), { coins: 0 });
    const ledger = await rpc('ledger_list', { userId: s.user_id, limit: 100 });
    assert.equal(ledger.items.length, 21);
    // Every successful spend saw the balance its predecessor left.
    const seen = spent.map((r) => (r as PromiseFulfilledResult<{ payload: { previous: { coins: number } } }>).value.payload.previous.coins).sort((x, y) => x - y);
    assert.deepEqual(seen, Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

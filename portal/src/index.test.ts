import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTestServer } from '@tribuna/server/testing';

describe('portal module', () => {
  it('loads into the server through the runtime and answers an unknown RPC with 404', async () => {
    const ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
    try {
      const s = await ts.newSession();
      await assert.rejects(ts.client().rpc(s, 'no_such_portal_rpc', {}), (e: Response) => e.status === 404);
    } finally {
      await ts.close();
    }
  });
});

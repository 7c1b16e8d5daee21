// The broadcast listings are served by indexes: each statement the store runs is explained with
// sequential scans (and, for listings by one sort, sorts) made a last resort, and must name its index.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { pagePlans, registered } from '../testing.ts';
import { listStreams, type SortBy, type StreamQuery } from './store.ts';

let ts: TestServer;
let creatorId: string;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  creatorId = (await registered(ts)).user_id!;
  // One creator's broadcasts and one tag's are a few among many: their own indexes are the selective way.
  await ts.app.nk.db.execute(
    `INSERT INTO stream (id, title, description, embed_url, start_time, tags, tag_keys, creator_id, create_time, update_time)
     SELECT gen_random_uuid(), 'Трансляция ' || i, 'Описание трансляции', 'https://rutube.ru/play/embed/' || i,
            CASE WHEN i % 3 = 0 THEN NULL ELSE now() + (i - 100) * interval '1 hour' END,
            ARRAY['Тег' || (i % 200)], ARRAY['тег' || (i % 200)], CASE WHEN i % 200 = 0 THEN $1::uuid ELSE gen_random_uuid() END,
            now() - i * interval '1 minute', now() - (i % 7) * interval '1 hour' - i * interval '1 second'
     FROM generate_series(1, 2000) AS i`,
    [creatorId],
  );
  await ts.app.nk.db.execute('ANALYZE');
});
after(() => ts.close());

type Filter = Omit<StreamQuery, 'sortBy' | 'dir' | 'limit' | 'onlyActive'> & { onlyActive?: boolean };
const plans = (f: Filter, sortBy: SortBy, dir: 'asc' | 'desc', sorts = false) =>
  pagePlans(ts.app.nk.db, (db, cursor) => listStreams(db, { onlyActive: false, ...f, sortBy, dir, limit: 2, cursor }), { sorts });

const INDEX: Record<SortBy, string> = { create_time: 'create', start_time: 'start', update_time: 'update' };
const SORTS = Object.keys(INDEX) as SortBy[];

describe('broadcast query plans', () => {
  it('lists everyone’s or one creator’s broadcasts from the index of each sort, filters included', async () => {
    const filters: Filter[] = [{}, { onlyActive: true }, { startAfter: new Date() }, { endAfter: new Date(), startBefore: new Date() }];
    for (const sortBy of SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const f of filters) {
          for (const [mine, prefix] of [[false, 'stream'], [true, 'stream_creator']] as const) {
            for (const plan of await plans({ ...f, creatorId: mine ? creatorId : undefined }, sortBy, dir)) {
              assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${prefix}_${INDEX[sortBy]}_idx`), plan);
              assert.doesNotMatch(plan, /Seq Scan|Sort {2}\(/, plan);
            }
          }
        }
      }
    }
  });

  it('finds a tag’s broadcasts through the tag index', async () => {
    for (const sortBy of SORTS) {
      for (const plan of await plans({ tag: 'ТЕГ3' }, sortBy, 'desc', true)) {
        assert.match(plan, /Bitmap Index Scan on stream_tag_keys_idx/, plan);
        assert.doesNotMatch(plan, /Seq Scan/, plan);
      }
    }
  });
});

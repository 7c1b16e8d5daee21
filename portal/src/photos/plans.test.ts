// The photo listings are served by indexes: each statement the store runs is explained with sequential
// scans and sorts made a last resort, and must name its index and need no Sort.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { listPhotos, listSections, type SectionSort } from './store.ts';
import { call, makeTeam, pagePlans, registered, uploadPng } from '../testing.ts';

let ts: TestServer;
let owner: Session;
let teamId: string;
let sectionId: string;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  owner = await registered(ts);
  teamId = await makeTeam(ts, owner);
  const fileId = await uploadPng(ts, owner);
  for (let i = 0; i < 3; i++) {
    sectionId = (await call(ts, owner, 'create_team_photo_section', { team_id: teamId, title: `Альбом ${i}`, sort: i })).id;
    for (let j = 0; j < 3; j++) await call(ts, owner, 'create_team_photo', { team_id: teamId, section_id: sectionId, file_id: fileId });
  }
  await ts.app.nk.db.execute('ANALYZE');
});
after(() => ts.close());

const plans = (run: Parameters<typeof pagePlans>[1]) => pagePlans(ts.app.nk.db, run);

describe('photo query plans', () => {
  it('lists sections from the index of each order, counting photos from the live-photo index', async () => {
    const indexes: Record<SectionSort, string> = {
      create_time: 'team_photo_section_team_create_idx',
      sort: 'team_photo_section_team_sort_idx',
      title: 'team_photo_section_team_title_idx',
    };
    for (const [sortBy, index] of Object.entries(indexes) as [SectionSort, string][]) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const includeDeleted of [false, true]) {
          const found = await plans((db, cursor) => listSections(db, { teamId, includeDeleted, sortBy, dir, limit: 1, cursor }));
          for (const plan of found) {
            assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${index}`), plan);
            assert.match(plan, /team_photo_live_section_idx/, plan);
            assert.doesNotMatch(plan, /Seq Scan|\bSort\b/, plan);
          }
        }
      }
    }
  });

  it('lists photos of a team or a section from their create_time indexes', async () => {
    for (const [sectionOnly, index] of [[false, 'team_photo_team_create_idx'], [true, 'team_photo_section_create_idx']] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const includeDeleted of [false, true]) {
          const sid = sectionOnly ? sectionId : undefined;
          const found = await plans((db, cursor) => listPhotos(db, { teamId, sectionId: sid, includeDeleted, dir, limit: 1, cursor }));
          for (const plan of found) {
            assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${index}`), plan);
            assert.doesNotMatch(plan, /Seq Scan|\bSort\b/, plan);
          }
        }
      }
    }
  });
});

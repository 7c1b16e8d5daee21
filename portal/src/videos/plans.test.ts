// The video listings and the search are served by indexes: each statement the store runs is explained
// with sequential scans (and, for listings, sorts) made a last resort, and must name its index.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { startTestServer, type TestServer } from '@tribuna/server/testing';
import { call, makeTeam, pagePlans, registered } from '../testing.ts';
import { LANGUAGES, searchVideos } from './search.ts';
import { listSections, listVideos, type SortBy } from './store.ts';

let ts: TestServer;
let owner: Session;
let teamId: string;
let sectionId: string;

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'] });
  owner = await registered(ts);
  teamId = await makeTeam(ts, owner);
  for (let i = 0; i < 3; i++) {
    sectionId = (await call(ts, owner, 'create_team_video_section', { team_id: teamId, title: `Раздел ${i}` })).id;
    for (const title of ['Матч', 'Матч года', 'Голы матча']) {
      await call(ts, owner, 'create_team_video', { team_id: teamId, section_id: sectionId, title, embed_url: 'https://youtu.be/dQw4w9WgXcQ' });
    }
  }
  // Many videos that do not match, in a section of their own: the full-text index is then the selective
  // way to the few that match, and a section's index the selective way to its videos.
  const filler = (await call(ts, owner, 'create_team_video_section', { team_id: teamId, title: 'Прочее' })).id;
  await ts.app.nk.db.execute(
    `INSERT INTO team_video (id, team_id, section_id, title, title_key, embed_url, sort_order)
     SELECT gen_random_uuid(), $1, $2, 'Тренировка ' || i, 'тренировка ' || i, 'https://www.youtube.com/embed/dQw4w9WgXcQ', i
     FROM generate_series(10, 509) AS i`,
    [teamId, filler],
  );
  await ts.app.nk.db.execute('ANALYZE');
});
after(() => ts.close());

const plans = (run: Parameters<typeof pagePlans>[1], sorts = false) => pagePlans(ts.app.nk.db, run, { sorts });

const SORTS: SortBy[] = ['sort_order', 'create_time', 'title'];
const COLUMN: Record<SortBy, string> = { sort_order: 'sort', create_time: 'create', title: 'title' };

describe('video query plans', () => {
  it('lists sections from the index of each order', async () => {
    for (const sortBy of SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const includeDeleted of [false, true]) {
          for (const plan of await plans((db, cursor) => listSections(db, { teamId, includeDeleted, sortBy, dir, limit: 1, cursor }))) {
            assert.match(plan, new RegExp(`Index Scan(?: Backward)? using team_video_section_team_${COLUMN[sortBy]}_idx`), plan);
            assert.doesNotMatch(plan, /Seq Scan|\bSort\b/, plan);
          }
        }
      }
    }
  });

  it('lists videos of a team or a section from the index of each order', async () => {
    for (const sortBy of SORTS) {
      for (const [sid, prefix] of [[undefined, 'team_video_team'], [sectionId, 'team_video_section']] as const) {
        for (const dir of ['asc', 'desc'] as const) {
          for (const includeDeleted of [false, true]) {
            const q = { teamId, sectionId: sid, includeDeleted, sortBy, dir, limit: 1 };
            for (const plan of await plans((db, cursor) => listVideos(db, { ...q, cursor }))) {
              assert.match(plan, new RegExp(`Index Scan(?: Backward)? using ${prefix}_${COLUMN[sortBy]}_idx`), plan);
              assert.doesNotMatch(plan, /Seq Scan|\bSort\b/, plan);
            }
          }
        }
      }
    }
  });

  it('searches through the full-text index of each language', async () => {
    for (const language of LANGUAGES) {
      // The english and simple configurations do not stem Russian words.
      const query = language === 'russian' ? 'матчи' : 'матч';
      for (const plan of await plans((db, cursor) => searchVideos(db, { teamId, query, language, limit: 1, cursor }), true)) {
        assert.match(plan, new RegExp(`Bitmap Index Scan on team_video_search_${language}_idx`), plan);
        assert.doesNotMatch(plan, /Seq Scan/, plan);
      }
    }
  });
});

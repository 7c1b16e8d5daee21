// Bench sections that need none of run.ts's servers: each runs in processes of its own and answers its
// table rows and raw figures, so `npm run bench -- --only <name>` can run it alone.
import path from 'node:path';
import { ROOT, runLoad, type Row, type Section } from './lib.ts';
import { leaderboard } from './leaderboard.ts';
import { targetRow, TARGETS } from './targets.ts';

const mb = (bytes: number) => bytes / (1024 * 1024);

/** Query plans of the list RPCs over big tables (in a database of their own). */
const plans: Section = {
  name: 'plans',
  async run(quick, phase) {
    const planRows = quick ? 10_000 : 100_000;
    phase(`query plans of the list RPCs at ${planRows.toLocaleString('en-US')} rows per table`);
    const r = (await runLoad(path.join(ROOT, 'bench/plans.ts'), { rows: planRows })) as unknown as {
      listings: number;
      statements: number;
      seqScans: { listing: string; tables: string[] }[];
    };
    for (const s of r.seqScans) console.warn(`  sequential scan of ${s.tables.join(', ')} in ${s.listing}`);
    console.log(`  ${r.statements} statements of ${r.listings} listings, ${r.seqScans.length} with a sequential scan of a big table`);
    const row = targetRow({ metric: `list RPC statements scanning a ${planRows / 1000}k-row table sequentially`, value: r.seqScans.length, unit: `of ${r.statements}` }, TARGETS.seqScans);
    return { rows: [row], raw: r };
  },
};

/**
 * Concurrent large image uploads: peak memory with decoding bounded (IMAGE_DECODE_CONCURRENCY's default)
 * and, in the full pass, with as many decoders as uploads; each in a process of its own.
 */
const images: Section = {
  name: 'images',
  async run(quick, phase) {
    const IMAGES = { uploads: quick ? 8 : 20, side: 6000 };
    phase(`images: ${IMAGES.uploads} concurrent uploads of a ${IMAGES.side} × ${IMAGES.side} PNG`);
    const bounded = await runLoad(path.join(ROOT, 'bench/images.ts'), IMAGES);
    const unbounded = quick ? undefined : await runLoad(path.join(ROOT, 'bench/images.ts'), { ...IMAGES, concurrency: IMAGES.uploads });
    console.log(`  peak RSS growth ${mb(bounded.growth).toFixed(0)} MB with ${bounded.concurrency} decoders` +
      (unbounded ? `, ${mb(unbounded.growth).toFixed(0)} MB unbounded` : ''));
    const row = targetRow({
      metric: `concurrent large image uploads (${IMAGES.uploads} × ${IMAGES.side}²): peak RSS growth`,
      value: mb(bounded.growth),
      unit: 'MB',
      baseline: unbounded && mb(unbounded.growth),
      ratio: unbounded && bounded.growth / unbounded.growth,
    }, TARGETS.imagesPeakMb, bounded.failed === 0);
    return { rows: [row], raw: { bounded, unbounded } };
  },
};

/**
 * News under hostile load (bench/news.ts): lists of items with 100,000-character descriptions, and the
 * event loop while the heaviest descriptions are sanitised.
 */
const news: Section = {
  name: 'news',
  async run(_quick, phase) {
    const N = { items: 50, lists: 50, creates: 8 };
    phase(`news: ${N.lists} concurrent list_news of 50 items with 100,000-character descriptions; ${N.creates} concurrent create_news`);
    const r = await runLoad(path.join(ROOT, 'bench/news.ts'), N);
    console.log(`  list_news: peak RSS growth ${mb(r.growth).toFixed(1)} MB (pages of ${(r.pageBytes / 1024).toFixed(0)} KB); ` +
      `create_news: longest /healthcheck ${r.longestHealthMs.toFixed(0)} ms of ${r.healthChecks} (idle: ${r.idleLongestHealthMs.toFixed(0)} ms)`);
    const rows: Row[] = [
      targetRow({
        metric: `${N.lists} concurrent list_news of ${N.items} items with 100,000-character descriptions: server RSS growth`,
        value: mb(r.growth),
        unit: 'MB',
        note: `pages of ${(r.pageBytes / 1024).toFixed(0)} KB`,
      }, TARGETS.newsListsGrowthMb, r.itemsPerPage === N.items),
      targetRow({
        metric: `${N.creates} concurrent create_news with 100,000-character worst-case descriptions: longest /healthcheck answer`,
        value: r.longestHealthMs,
        unit: 'ms',
        baseline: r.idleLongestHealthMs,
        note: `every word an address (20,000 links, refused as too long once sanitised); baseline: the same checks with the server idle; p99 ${r.p99HealthMs.toFixed(1)} ms`,
      }, TARGETS.newsHealthMs, r.failed === 0),
    ];
    return { rows, raw: r };
  },
};

/**
 * list_news over 100,000 news and 1,000,000 likes (bench/news-list.ts, a database of its own): the p99 of a
 * listing, and its like and rating lookups index-only.
 */
const newsList: Section = {
  name: 'news-list',
  async run(quick, phase) {
    const N = { rows: 100_000, rounds: quick ? 3 : 10 };
    phase(`list_news at ${N.rows.toLocaleString('en-US')} news and ${(N.rows * 10).toLocaleString('en-US')} likes: every listing, ${N.rounds} rounds`);
    const r = (await runLoad(path.join(ROOT, 'bench/news-list.ts'), N)) as unknown as {
      likes: number; calls: number; p50: number; p99: number; lookups: number; indexOnly: number; notIndexOnly: string[]; seqScans: string[]; seedSeconds: number;
    };
    for (const s of r.seqScans) console.warn(`  sequential scan: ${s}`);
    for (const s of r.notIndexOnly) console.log(`  not index-only: ${s}`);
    console.log(`  ${r.calls} calls: p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ${r.indexOnly} of ${r.lookups} like, rating and media lookups index-only (seeded in ${r.seedSeconds.toFixed(0)} s)`);
    const rows: Row[] = [
      targetRow({
        metric: `list_news at ${N.rows.toLocaleString('en-US')} news and ${r.likes.toLocaleString('en-US')} likes: p99 of a listing`,
        value: r.p99,
        unit: 'ms',
        note: `${r.calls} calls, p50 ${r.p50.toFixed(1)} ms`,
      }, TARGETS.listNewsP99, r.seqScans.length === 0),
      targetRow({
        metric: 'list_news: lookups of likes, ratings and media that are index-only',
        value: r.indexOnly,
        unit: `of ${r.lookups}`,
        note: 'an index-only scan reads no table row',
      }, TARGETS.listNewsIndexOnly(r.lookups)),
    ];
    return { rows, raw: r };
  },
};

/**
 * Concurrent large video uploads by tus (bench/videos.ts, a server of its own): the server's peak RSS
 * growth while the bodies stream to disk. The quick pass sends as much as the full one: the target is on it.
 */
const videos: Section = {
  name: 'videos',
  async run(_quick, phase) {
    const V = { uploads: 5, mb: 200 };
    phase(`videos: ${V.uploads} concurrent tus uploads of ${V.mb} MB`);
    const r = await runLoad(path.join(ROOT, 'bench/videos.ts'), V);
    console.log(`  server RSS ${mb(r.rss0).toFixed(0)} MB before, peak ${mb(r.peakRss).toFixed(0)} MB, growth ${mb(r.growth).toFixed(1)} MB; ` +
      `${r.whole} of ${V.uploads} received whole, ${r.mbPerSecond.toFixed(0)} MB/s in all, ${r.seconds.toFixed(1)} s (the sender's own RSS at most ${mb(r.loadPeakRss).toFixed(0)} MB)`);
    const rows: Row[] = [
      targetRow({
        metric: `${V.uploads} concurrent tus video uploads of ${V.mb} MB: server peak RSS growth`,
        value: mb(r.growth),
        unit: 'MB',
        note: `RSS ${mb(r.rss0).toFixed(0)} MB before, peak ${mb(r.peakRss).toFixed(0)} MB; ${r.whole} of ${V.uploads} received whole`,
      }, TARGETS.videoUploadsGrowthMb, r.whole === V.uploads && r.uploadsLeft === 0),
      {
        metric: `${V.uploads} concurrent tus video uploads of ${V.mb} MB: throughput, all uploads together`,
        value: r.mbPerSecond,
        unit: 'MB/s',
        note: `${(V.uploads * V.mb).toLocaleString('en-US')} MB in ${r.seconds.toFixed(1)} s, loopback, to the data directory's disk`,
      },
    ];
    return { rows, raw: r };
  },
};

export const SECTIONS: Section[] = [images, plans, news, newsList, leaderboard, videos];

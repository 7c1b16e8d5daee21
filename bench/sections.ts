// Bench sections that need none of run.ts's servers: each runs in processes of its own and answers its
// table rows and raw figures, so `npm run bench -- --only <name>` can run it alone.
import path from 'node:path';
import { ROOT, runLoad, type Row } from './lib.ts';

export interface SectionResult {
  rows: Row[];
  raw: unknown;
}

export interface Section {
  name: string;
  run(quick: boolean, phase: (what: string) => void): Promise<SectionResult>;
}

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
    const row = {
      metric: `list RPC statements scanning a ${planRows / 1000}k-row table sequentially`,
      value: r.seqScans.length,
      unit: `of ${r.statements}`,
      target: '0',
      pass: r.seqScans.length === 0,
    };
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
    const row = {
      metric: `concurrent large image uploads (${IMAGES.uploads} × ${IMAGES.side}²): peak RSS growth`,
      value: mb(bounded.growth),
      unit: 'MB',
      baseline: unbounded && mb(unbounded.growth),
      ratio: unbounded && bounded.growth / unbounded.growth,
      target: '<= 512 MB',
      pass: mb(bounded.growth) <= 512 && bounded.failed === 0,
    };
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
      {
        metric: `${N.lists} concurrent list_news of ${N.items} items with 100,000-character descriptions: server RSS growth`,
        value: mb(r.growth),
        unit: 'MB',
        target: '<= 100 MB',
        pass: mb(r.growth) <= 100 && r.itemsPerPage === N.items,
        note: `pages of ${(r.pageBytes / 1024).toFixed(0)} KB`,
      },
      {
        metric: `${N.creates} concurrent create_news with 100,000-character worst-case descriptions: longest /healthcheck answer`,
        value: r.longestHealthMs,
        unit: 'ms',
        baseline: r.idleLongestHealthMs,
        target: '<= 200 ms',
        pass: r.longestHealthMs <= 200 && r.failed === 0,
        note: `every word an address (20,000 links, refused as too long once sanitised); baseline: the same checks with the server idle; p99 ${r.p99HealthMs.toFixed(1)} ms`,
      },
    ];
    return { rows, raw: r };
  },
};

export const SECTIONS: Section[] = [images, plans, news];

// Memory of concurrent large image uploads: `uploads` uploads of one side × side PNG started at once
// through the file store (decoded, scaled down, re-encoded to WebP), with IMAGE_DECODE_CONCURRENCY set to
// `concurrency`; RSS is sampled every few milliseconds. Run in a process of its own per figure, as freed
// native memory is not always handed back to the system. Prints one JSON line: RSS before, the peak and
// the most images decoded at once.
// Alone: node bench/images.ts '{"uploads": 20, "side": 6000, "concurrency": 2}'.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../server/src/config.ts';
import { Files } from '../server/src/core/files.ts';
import { CORE_MIGRATIONS, migrate, openDb } from '../server/src/db/index.ts';
import { createLogger } from '../server/src/log.ts';
import { benchDatabase } from './lib.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { uploads?: number; side?: number; concurrency?: number; make?: string };
const uploads = o.uploads ?? 20;
const side = o.side ?? 6000;

if (o.make) {
  // The image is made in a process of its own, so making it leaves nothing in the measured one.
  // A smooth gradient compresses to under the 5 MB cap yet has to be inflated in full to decode.
  const gradient = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) gradient.set([x % 256, y % 256, (x + y) % 256], (y * side + x) * 3);
  fs.writeFileSync(o.make, await sharp(gradient, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 9 }).toBuffer());
  process.exit(0);
}

const { dataDir, databaseUrl, drop } = await benchDatabase('tribuna_images');
const pngFile = path.join(dataDir, 'input.png');
execFileSync(process.execPath, [import.meta.filename, JSON.stringify({ side, make: pngFile })], { stdio: 'inherit' });
const png = fs.readFileSync(pngFile);
const db = await openDb({ databaseUrl, dataDir });
await migrate(db, [CORE_MIGRATIONS]);
const config = loadConfig({
  DATA_DIR: dataDir,
  IMAGE_DECODE_CONCURRENCY: String(o.concurrency ?? 2),
  // Every upload waits in line rather than being refused: the figure is memory, not refusals.
  IMAGE_DECODE_QUEUE: String(uploads),
});
const files = new Files(db, dataDir, createLogger('error', { to: process.stderr }), config.limits);
// One upload first, so what every upload loads once (libvips, codecs) is in the baseline.
await files.upload(null, await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).png().toBuffer(), 'png');

global.gc?.();
const rss0 = process.memoryUsage().rss;
let peak = rss0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
const started = Date.now();
const results = await Promise.allSettled(Array.from({ length: uploads }, () => files.upload(null, png, 'image/png')));
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const failed = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));

await db.close();
await drop();
console.log(JSON.stringify({
  uploads,
  side,
  pngBytes: png.length,
  concurrency: config.limits.imageDecodeConcurrency,
  rss0,
  peakRss: peak,
  growth: peak - rss0,
  peakDecoding: files.decoders.stats.peak,
  failed: failed.length,
  firstFailure: failed[0],
  seconds: (Date.now() - started) / 1000,
}));

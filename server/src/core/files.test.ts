import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { CORE_MIGRATIONS, migrate, type Db } from '../db/index.ts';
import { AppError, Code } from '../errors.ts';
import { createLogger } from '../log.ts';
import { freshDb, tempDir, testConfig } from '../testing/index.ts';
import { BUSY, CORRUPT, Files, MAX_FILE_BYTES, MAX_IMAGE_SIDE, ONLY_IMAGES, TOO_LARGE, quotaExceeded, tooManyPixels, type FileLimits } from './files.ts';

let db: Db;
let drop: () => Promise<void>;
const tmp = tempDir('tribuna-files-');
let files: Files;
// The configured defaults, for the tests that do not set limits of their own.
const defaults = testConfig().limits;

/** A file store over the same database and directory with some limits changed. */
const filesWith = (limits: Partial<FileLimits>) => new Files(db, tmp.dir, createLogger('silent'), { ...defaults, ...limits });

before(async () => {
  ({ db, drop } = await freshDb());
  // A PostgreSQL database starts empty; the embedded template is migrated already.
  await migrate(db, [CORE_MIGRATIONS]);
  files = new Files(db, tmp.dir, createLogger('silent'), defaults);
});
after(async () => {
  await db.close().catch(() => {});
  await drop();
  tmp.remove();
});

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** 40×20: red left half, blue right half; EXIF says "rotate 90° clockwise to display". */
async function rotatedJpeg(): Promise<Buffer> {
  const blue = await solid(20, 20, '#0000ff').png().toBuffer();
  return solid(40, 20, '#ff0000').composite([{ input: blue, left: 20, top: 0 }]).jpeg().withMetadata({ orientation: 6 }).toBuffer();
}

function refused(message: string | RegExp) {
  return (e: unknown) => {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.code, Code.InvalidArgument);
    if (typeof message === 'string') assert.equal(e.message, message);
    else assert.match(e.message, message);
    return true;
  };
}

const uploadsDir = () => path.join(tmp.dir, 'uploads');
const listUploads = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

/** A PNG whose header claims width × height pixels (its CRC fixed), with a 1×1 image's data. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1, '#ffffff').png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), width, height, ...; the CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('file store', () => {
  it('re-encodes a JPEG as WebP, honouring and then dropping its EXIF orientation', async () => {
    const stored = await files.upload(null, await rotatedJpeg(), 'image/jpeg');
    assert.equal(stored.mime, 'image/webp');
    assert.deepEqual([stored.width, stored.height], [20, 40]);
    const got = (await files.get(stored.id))!;
    assert.equal(got.size, got.bytes.length);
    assert.equal(got.sha256, crypto.createHash('sha256').update(got.bytes).digest('hex'));
    const meta = await sharp(got.bytes).metadata();
    assert.equal(meta.format, 'webp');
    assert.deepEqual([meta.width, meta.height], [20, 40]);
    assert.equal(meta.exif, undefined);
    assert.equal(meta.orientation, undefined);
    // The left (red) half is now on top.
    const { data } = await sharp(got.bytes).raw().toBuffer({ resolveWithObject: true });
    assert.ok(data[0] > 200 && data[2] < 60, `top pixel ${data.subarray(0, 3).join(',')}`);
    const last = data.length - 3;
    assert.ok(data[last + 2] > 200 && data[last] < 60, `bottom pixel ${data.subarray(last).join(',')}`);
  });

  it('converts PNG, GIF, AVIF and WebP, whatever format the client declares', async () => {
    const inputs: [Buffer, string][] = [
      [await solid(30, 10, '#00ff00').png().toBuffer(), 'png'],
      [await solid(30, 10, '#00ff00').gif().toBuffer(), 'image/webp'],
      [await solid(30, 10, '#00ff00').avif().toBuffer(), ''],
      [await solid(30, 10, '#00ff00').webp().toBuffer(), '.webp'],
    ];
    for (const [bytes, declared] of inputs) {
      const stored = await files.upload(null, bytes, declared);
      assert.deepEqual([stored.mime, stored.width, stored.height], ['image/webp', 30, 10], declared);
      assert.equal((await sharp((await files.get(stored.id))!.bytes).metadata()).format, 'webp');
    }
  });

  it('scales large images down to the maximum side, never up', async () => {
    const wide = await files.upload(null, await solid(MAX_IMAGE_SIDE + 904, 100, '#336699').png().toBuffer());
    assert.equal(wide.width, MAX_IMAGE_SIDE);
    assert.equal(wide.height, Math.round((100 * MAX_IMAGE_SIDE) / (MAX_IMAGE_SIDE + 904)));
    const small = await files.upload(null, await solid(3, 2, '#336699').png().toBuffer());
    assert.deepEqual([small.width, small.height], [3, 2]);
  });

  it('refuses more than 5 MB and accepts exactly 5 MB of input', async () => {
    const png = await solid(16, 16, '#123456').png().toBuffer();
    const padded = (n: number) => Buffer.concat([png, Buffer.alloc(n - png.length)]);
    await assert.rejects(files.upload(null, padded(MAX_FILE_BYTES + 1), 'png'), refused(TOO_LARGE));
    // Bytes after the PNG's end are ignored by the decoder.
    const ok = await files.upload(null, padded(MAX_FILE_BYTES), 'png');
    assert.equal(ok.width, 16);
  });

  it('refuses files that are not images, whatever their declared format', async () => {
    const before = listUploads();
    await assert.rejects(files.upload(null, Buffer.from('just some text, not a picture\n'), 'png'), refused(ONLY_IMAGES));
    await assert.rejects(files.upload(null, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'image/png'), refused(ONLY_IMAGES));
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await assert.rejects(files.upload(null, Buffer.from(svg), 'image/svg+xml'), refused(ONLY_IMAGES));
    const tiff = await solid(4, 4, '#000000').tiff().toBuffer();
    await assert.rejects(files.upload(null, tiff, 'image/tiff'), refused(ONLY_IMAGES));
    // A real image declared as something else is still refused: only images are stored.
    const png = await solid(4, 4, '#000000').png().toBuffer();
    await assert.rejects(files.upload(null, png, 'application/pdf'), refused(ONLY_IMAGES));
    await assert.rejects(files.upload(null, Buffer.alloc(0), 'png'), refused('Файл пуст.'));
    assert.deepEqual(listUploads(), before);
  });

  it('refuses truncated and corrupt images without leaving files behind', async () => {
    const before = listUploads();
    const jpeg = await solid(200, 200, '#abcdef').jpeg().toBuffer();
    await assert.rejects(files.upload(null, jpeg.subarray(0, jpeg.length / 2), 'jpeg'), refused(CORRUPT));
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .png()
      .toBuffer();
    await assert.rejects(files.upload(null, png.subarray(0, png.length - 5000), 'png'), refused(CORRUPT));
    const garbled = Buffer.from(png);
    garbled.fill(0x5a, 200, 4000);
    await assert.rejects(files.upload(null, garbled, 'png'), refused(CORRUPT));
    assert.deepEqual(listUploads(), before);
  });

  it('refuses decompression bombs before decoding them', async () => {
    await assert.rejects(files.upload(null, await pngClaiming(20_000, 20_000), 'png'), refused(tooManyPixels(defaults.imageMaxPixels)));
    await assert.rejects(files.upload(null, await pngClaiming(8192, 8192), 'png'), refused('Изображение слишком большое: не больше 40 Мп.'));
  });

  it('removes the stored bytes when the row cannot be written', async () => {
    const before = listUploads();
    const png = await solid(4, 4, '#000000').png().toBuffer();
    // No such user: the owner's foreign key fails after the file was written.
    await assert.rejects(files.upload(crypto.randomUUID(), png, 'png'), (e: { code?: string }) => e.code === '23503');
    assert.deepEqual(listUploads(), before);
    assert.ok(listUploads().every((n) => !n.startsWith('.tmp-')));
  });

  it('stores each file under its id, and answers unknown or malformed ids with nothing', async () => {
    const stored = await files.upload(null, await solid(5, 5, '#ff00ff').png().toBuffer());
    assert.ok(listUploads().includes(stored.id));
    assert.deepEqual(fs.readFileSync(path.join(uploadsDir(), stored.id)), (await files.get(stored.id))!.bytes);
    assert.equal(await files.get(crypto.randomUUID()), undefined);
    assert.equal(await files.get('../../etc/passwd'), undefined);
    assert.equal(await files.info('not-a-uuid'), undefined);
  });

  it('removes stale temp files a crash left behind, and keeps recent ones', async () => {
    const dir = tempDir('tribuna-files-crash-');
    try {
      fs.mkdirSync(path.join(dir.dir, 'uploads'));
      const stale = path.join(dir.dir, 'uploads', '.tmp-stale');
      const fresh = path.join(dir.dir, 'uploads', '.tmp-in-progress');
      fs.writeFileSync(stale, 'half a file');
      fs.writeFileSync(fresh, 'being written');
      const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(stale, old, old);
      const other = new Files(db, dir.dir, createLogger('silent'), defaults);
      const stored = await other.upload(null, await solid(2, 2, '#000000').png().toBuffer());
      assert.deepEqual(fs.readdirSync(path.join(dir.dir, 'uploads')).sort(), ['.tmp-in-progress', stored.id].sort());
    } finally {
      dir.remove();
    }
  });
});

/** A user row, for the owner's foreign key. */
async function newUser(): Promise<string> {
  const id = crypto.randomUUID();
  await db.execute('INSERT INTO users (id, username) VALUES ($1, $2)', [id, `u-${id}`]);
  return id;
}

function refusedWith(code: number, message: string) {
  return (e: unknown) => {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.code, code);
    assert.equal(e.message, message);
    return true;
  };
}

/** A PNG of noise: it compresses badly, so its WebP is a few kilobytes and decoding takes a moment. */
const noisePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();

describe('file store limits', () => {
  it('refuses an image above IMAGE_MAX_PIXELS from its header, before taking a decoder', async () => {
    const small = filesWith({ imageMaxPixels: 1_000_000 });
    const before = listUploads();
    // A real image one row over a megapixel, and one claiming 2000 × 2000 in its header.
    const over = await solid(1000, 1001, '#446688').png().toBuffer();
    await assert.rejects(small.upload(null, over, 'png'), refused('Изображение слишком большое: не больше 1 Мп.'));
    await assert.rejects(small.upload(null, await pngClaiming(2000, 2000), 'png'), refused(tooManyPixels(1_000_000)));
    await assert.rejects(filesWith({ imageMaxPixels: 500_000 }).upload(null, over, 'jpeg'), refused('Изображение слишком большое: не больше 0,5 Мп.'));
    assert.equal(small.decoders.stats.peak, 0);
    assert.deepEqual(listUploads(), before);
    // At the bound exactly, the image is taken.
    const exact = await small.upload(null, await solid(1000, 1000, '#446688').png().toBuffer(), 'png');
    assert.deepEqual([exact.width, exact.height], [1000, 1000]);
  });

  it('decodes at most IMAGE_DECODE_CONCURRENCY images at once; the others wait their turn', async () => {
    const two = filesWith({ imageDecodeConcurrency: 2, imageDecodeQueue: 100 });
    const png = await noisePng(600, 600);
    const stored = await Promise.all(Array.from({ length: 8 }, () => two.upload(null, png, 'png')));
    assert.equal(stored.length, 8);
    assert.equal(two.decoders.stats.peak, 2);
    assert.deepEqual(two.decoders.stats, { active: 0, queued: 0, peak: 2 });
  });

  it("refuses an upload as Unavailable when the decoders' line is full, and serves the line in order", async () => {
    const one = filesWith({ imageDecodeConcurrency: 1, imageDecodeQueue: 1 });
    const png = await solid(20, 20, '#00aa00').png().toBuffer();
    // The test holds the only decoder, so the first upload waits in the one place in line.
    assert.equal(await one.decoders.enter(), true);
    const waiting = one.upload(null, png, 'png');
    for (let i = 0; i < 200 && one.decoders.stats.queued === 0; i++) await new Promise((r) => setTimeout(r, 5));
    assert.equal(one.decoders.stats.queued, 1);
    const before = listUploads();
    await assert.rejects(one.upload(null, png, 'png'), refusedWith(Code.Unavailable, BUSY));
    assert.deepEqual(listUploads(), before);
    one.decoders.leave();
    assert.equal((await waiting).width, 20);
    assert.deepEqual(one.decoders.stats, { active: 0, queued: 0, peak: 1 });
  });

  it('keeps each owner within LIMIT_UPLOAD_QUOTA_BYTES of stored bytes', async () => {
    const png = await noisePng(40, 40);
    const probe = await files.upload(null, png, 'png');
    const size = probe.size;
    // Room for two and a half of these images.
    const quota = Math.floor(size * 2.5);
    const limited = filesWith({ uploadQuotaBytes: quota });
    const [owner, other] = [await newUser(), await newUser()];
    await limited.upload(owner, png, 'png');
    await limited.upload(owner, png, 'png');
    const before = listUploads();
    await assert.rejects(limited.upload(owner, png, 'png'), refusedWith(Code.ResourceExhausted, quotaExceeded(quota)));
    assert.deepEqual(listUploads(), before, 'the refused file is not left on disk');
    assert.equal(await limited.usedBytes(db, owner), 2 * size);
    // A smaller file still fits; other owners and owner-less files have quotas of their own or none.
    await limited.upload(owner, await solid(2, 2, '#000000').png().toBuffer(), 'png');
    await limited.upload(other, png, 'png');
    await limited.upload(null, png, 'png');
    // Full to the byte: refused before decoding.
    const full = filesWith({ uploadQuotaBytes: 2 * size });
    const third = await newUser();
    await full.upload(third, png, 'png');
    await full.upload(third, png, 'png');
    await assert.rejects(full.upload(third, png, 'png'), refusedWith(Code.ResourceExhausted, quotaExceeded(2 * size)));
    assert.equal(full.decoders.stats.peak, 1);
    assert.equal(quotaExceeded(200 * 1024 * 1024), 'Достигнут предел: не больше 200 МБ загруженных файлов на пользователя.');
  });

  it('lets parallel uploads at the quota through only as far as it goes', async () => {
    const png = await noisePng(40, 40);
    const size = (await files.upload(null, png, 'png')).size;
    const limited = filesWith({ uploadQuotaBytes: Math.floor(size * 2.5) });
    const owner = await newUser();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => limited.upload(owner, png, 'png')));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 2);
    for (const r of results) if (r.status === 'rejected') refusedWith(Code.ResourceExhausted, quotaExceeded(Math.floor(size * 2.5)))(r.reason);
    assert.equal(await limited.usedBytes(db, owner), 2 * size);
  });
});

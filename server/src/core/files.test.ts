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
import { freshDb, tempDir } from '../testing/index.ts';
import { CORRUPT, Files, MAX_FILE_BYTES, MAX_IMAGE_SIDE, ONLY_IMAGES, TOO_LARGE } from './files.ts';

let db: Db;
let drop: () => Promise<void>;
const tmp = tempDir('tribuna-files-');
let files: Files;

before(async () => {
  ({ db, drop } = await freshDb());
  // A PostgreSQL database starts empty; the embedded template is migrated already.
  await migrate(db, [CORE_MIGRATIONS]);
  files = new Files(db, tmp.dir, createLogger('silent'));
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
    await assert.rejects(files.upload(null, await pngClaiming(20_000, 20_000), 'png'), refused(/8192/));
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
      const other = new Files(db, dir.dir, createLogger('silent'));
      const stored = await other.upload(null, await solid(2, 2, '#000000').png().toBuffer());
      assert.deepEqual(fs.readdirSync(path.join(dir.dir, 'uploads')).sort(), ['.tmp-in-progress', stored.id].sort());
    } finally {
      dir.remove();
    }
  });
});

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import sharp from 'sharp';
import { startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, Code, fails, registered as registeredOn, withKey as withKeyOn } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-portal-files-');
let user: Session;
let guest: Session;
let jpeg: Buffer;

const MB5 = 5 * 1024 * 1024;
const TOO_LARGE = 'Файл слишком большой (макс. 5MB)';
const registered = () => registeredOn(ts);
const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);
const upload = (s: Session, content: string, format = 'image/webp') => call(s, 'upload_file', { content, format });
const withKey = (id: string, input: object) => withKeyOn(ts, id, input);

const uploads = () => (fs.existsSync(path.join(data.dir, 'uploads')) ? fs.readdirSync(path.join(data.dir, 'uploads')) : []);

before(async () => {
  ts = await startTestServer({ moduleSpecifiers: ['@tribuna/portal'], env: { DATA_DIR: data.dir } });
  [user, guest] = await Promise.all([registered(), ts.newSession()]);
  jpeg = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c03020' } })
    .jpeg()
    .withMetadata({ orientation: 8 })
    .toBuffer();
});
after(async () => {
  await ts.close();
  data.remove();
});

describe('upload_file and download_file', () => {
  it('stores an image as WebP and gives it back with its metadata, to anyone', async () => {
    const { uuid } = await upload(user, jpeg.toString('base64'), 'image/jpeg');
    assert.ok(ts.app.nk.isUuid(uuid));
    for (const download of [
      () => call(user, 'download_file', { uuid }),
      () => call(guest, 'download_file', { uuid }),
      () => withKey('download_file', { uuid }),
    ]) {
      const got = await download();
      assert.deepEqual(Object.keys(got).sort(), ['content', 'metadata']);
      const bytes = Buffer.from(got.content, 'base64');
      const meta = await sharp(bytes).metadata();
      // Orientation 8 turns the 120×80 picture upright as 80×120.
      assert.deepEqual([meta.format, meta.width, meta.height, meta.exif], ['webp', 80, 120, undefined]);
      assert.deepEqual({ ...got.metadata, create_time: undefined }, { mime: 'image/webp', size: bytes.length, width: 80, height: 120, create_time: undefined });
      assert.ok(Math.abs(Date.parse(got.metadata.create_time) - Date.now()) < 60_000);
    }
    const res = await fetch(`${ts.url}/uploads/${uuid}`);
    assert.equal(res.headers.get('content-type'), 'image/webp');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), Buffer.from((await call(guest, 'download_file', { uuid })).content, 'base64'));
  });

  it('accepts a data URL as the browser reads it, and a PNG declared as WebP', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00000000' } }).png().toBuffer();
    const { uuid } = await upload(user, `data:image/png;base64,${png.toString('base64')}`, 'image/png');
    assert.equal((await call(user, 'download_file', { uuid })).metadata.width, 10);
    assert.ok(ts.app.nk.isUuid((await upload(user, png.toString('base64'))).uuid));
  });

  it('accepts exactly 5 MB and refuses one byte more', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const padded = (n: number) => Buffer.concat([png, Buffer.alloc(n - png.length)]).toString('base64');
    assert.ok(ts.app.nk.isUuid((await upload(user, padded(MB5), 'image/png')).uuid));
    await fails(upload(user, padded(MB5 + 1), 'image/png'), 400, TOO_LARGE);
    await fails(upload(user, 'A'.repeat(8 * 1024 * 1024 - 100)), 400, TOO_LARGE);
  });

  it('refuses what is not an image, broken base64 and broken images, storing nothing', async () => {
    const before = uploads().length;
    await fails(upload(user, Buffer.from('Это текст, а не картинка.').toString('base64'), 'image/png'), 400, /^Можно загружать только изображения/);
    await fails(upload(user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), 'image/svg+xml'), 400, /^Можно загружать только изображения/);
    await fails(upload(user, jpeg.toString('base64'), 'application/x-msdownload'), 400, /^Можно загружать только изображения/);
    await fails(upload(user, jpeg.subarray(0, jpeg.length - 200).toString('base64'), 'image/jpeg'), 400, /^Изображение повреждено/);
    for (const content of ['не base64!', 'abc', 'QUJD\nREVG', 'QUJD=DEF']) {
      await fails(upload(user, content), 400, 'Содержимое файла: ожидалось содержимое файла в base64.');
    }
    await fails(upload(user, ''), 400, /^Содержимое файла: /);
    await fails(call(user, 'upload_file', { format: 'image/png' }), 400, /^Содержимое файла: /);
    await fails(call(user, 'upload_file', { content: 12 }), 400, /^Содержимое файла: /);
    assert.equal(uploads().length, before);
  });

  it('lets only registered users upload', async () => {
    const content = jpeg.toString('base64');
    await fails(upload(guest, content), 403);
    await fails(withKey('upload_file', { content, format: 'image/jpeg' }), 401);
  });

  it('answers unknown and malformed ids', async () => {
    await fails(call(user, 'download_file', { uuid: crypto.randomUUID() }), 404, 'Файл не найден.');
    await fails(call(guest, 'download_file', { uuid: '../../etc/passwd' }), 400, /^Файл: /);
    await fails(call(guest, 'download_file', {}), 400, /^Файл: /);
  });
});

describe('upload limits', () => {
  // A server of its own with small limits; the image's stored size is measured on the main server first.
  let small: TestServer;
  const smallData = tempDir('tribuna-portal-files-limits-');
  let png: string;
  let size: number;
  const quota = () => Math.floor(size * 2.5);
  const uploadTo = (s: Session, content: string) => callOn(small, s, 'upload_file', { content, format: 'image/png' });

  before(async () => {
    const noise = { width: 40, height: 40, channels: 3 as const, background: '#808080', noise: { type: 'gaussian' as const, mean: 128, sigma: 40 } };
    png = (await sharp({ create: noise }).png().toBuffer()).toString('base64');
    size = (await call(user, 'download_file', { uuid: (await upload(user, png, 'image/png')).uuid })).metadata.size;
    small = await startTestServer({
      moduleSpecifiers: ['@tribuna/portal'],
      env: { DATA_DIR: smallData.dir, LIMIT_UPLOADS_PER_USER_HOUR: '4', LIMIT_UPLOAD_QUOTA_BYTES: String(quota()), IMAGE_MAX_PIXELS: '10000' },
    });
  });
  after(async () => {
    await small.close();
    smallData.remove();
  });

  it('are 100 uploads an hour, 200 MiB and 40 megapixels unless configured otherwise', () => {
    const { uploadsPerUserHour, uploadQuotaBytes, imageMaxPixels } = ts.app.nk.limits;
    assert.deepEqual([uploadsPerUserHour, uploadQuotaBytes, imageMaxPixels], [100, 200 * 1024 * 1024, 40_000_000]);
  });

  it('refuses uploads past LIMIT_UPLOADS_PER_USER_HOUR with 429, counting refused ones too', async () => {
    const [busy, other] = await Promise.all([registeredOn(small), registeredOn(small)]);
    const tiny = (await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000000' } }).png().toBuffer()).toString('base64');
    for (let i = 0; i < 3; i++) await uploadTo(busy, tiny);
    await fails(uploadTo(busy, 'QUJD'), 400);
    await fails(uploadTo(busy, tiny), 429, /^Слишком много загрузок: не больше 4 в час\. Попробуйте через (59|60) мин\.$/, Code.Exhausted);
    // Others are not held back.
    assert.ok(small.app.nk.isUuid((await uploadTo(other, tiny)).uuid));
  });

  it("refuses an upload past the user's LIMIT_UPLOAD_QUOTA_BYTES with 429, storing nothing", async () => {
    const [u, other] = await Promise.all([registeredOn(small), registeredOn(small)]);
    await uploadTo(u, png);
    await uploadTo(u, png);
    const stored = fs.readdirSync(path.join(smallData.dir, 'uploads')).length;
    await fails(uploadTo(u, png), 429, /^Достигнут предел: не больше [\d,]+ (Б|КБ) загруженных файлов на пользователя\.$/, Code.Exhausted);
    assert.equal(fs.readdirSync(path.join(smallData.dir, 'uploads')).length, stored);
    assert.ok(small.app.nk.isUuid((await uploadTo(other, png)).uuid));
  });

  it('refuses an image over IMAGE_MAX_PIXELS with 400 and a clear message', async () => {
    const u = await registeredOn(small);
    const big = (await sharp({ create: { width: 101, height: 100, channels: 3, background: '#336699' } }).png().toBuffer()).toString('base64');
    await fails(uploadTo(u, big), 400, 'Изображение слишком большое: не больше 0,01 Мп.', Code.Invalid);
  });
});

// A video in a news item end to end: uploaded by the author through tus-js-client, its encoding progress
// shown live («Обрабатывается: …»), then played in the page's <video> (AV1 first, H.264 after it) and
// sought to its middle by byte ranges; a reader sees its poster, play mark and length on the card.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signInByCode, startPortal, type Portal } from './portal.ts';

let portal: Portal;
let clip: Buffer;
let dir: string;
const shots = process.env.SCREENSHOT_DIR;

test.beforeAll(async () => {
  portal = await startPortal({ VIDEO_AV1_PRESET: '12', VIDEO_H264_PRESET: 'ultrafast' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribuna-e2e-video-'));
  const file = path.join(dir, 'goal.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=4', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  clip = fs.readFileSync(file);
});
test.afterAll(async () => {
  await portal?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('upload a video to a news item, watch it being processed, play it and seek; the card shows its poster', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, 'video.author@example.com', 'Видео Автор');
  await page.goto(`${portal.url}/news/create`);
  await page.getByLabel('Заголовок').fill('Голы недели на видео');
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page).toHaveURL(/\/news\/[0-9a-f-]{36}$/);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Добавить видео' }).click();
  await (await chooser).setFiles({ name: 'goal.mp4', mimeType: 'video/mp4', buffer: clip });
  // Queued, then encoding with its percentage, then ready: the socket's progress, no reload.
  await expect(page.getByRole('status').filter({ hasText: /В очереди|Обрабатывается: \d+%/ }).or(page.getByLabel('Видео 1'))).toBeVisible({ timeout: 30_000 });
  const player = page.getByLabel('Видео 1');
  await expect(player).toBeVisible({ timeout: 60_000 });
  if (shots) for (const w of [1366, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.screenshot({ path: path.join(shots, `news-video-page-${w}.png`), fullPage: true });
  }

  const played = await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    await new Promise((r) => setTimeout(r, 300));
    v.currentTime = 2.5;
    await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
    return { src: v.currentSrc, time: v.currentTime, duration: v.duration, error: v.error?.code ?? null };
  });
  expect(played.error).toBeNull();
  expect(played.src).toMatch(/\/uploads\/videos\/[0-9a-f-]{36}\/(av1|h264)\.mp4\?e=\d+&s=/);
  expect(played.time).toBeGreaterThanOrEqual(2);
  expect(Math.round(played.duration)).toBe(4);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${portal.url}/news`);
  const card = page.getByRole('img', { name: /Видео, Длительность 0:04/ });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  if (shots) for (const w of [1366, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.screenshot({ path: path.join(shots, `news-list-video-${w}.png`), fullPage: false });
  }
});

test('an upload cut off by a lost connection continues after a reload when the same file is chosen again', async ({ browser }) => {
  test.setTimeout(120_000);
  // Noise, stored losslessly: about 9.6 MB, two of the web app's 8 MB chunks.
  const file = path.join(dir, 'noise.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', "nullsrc=s=640x480:r=10:d=2,geq=lum='random(1)*255':cb=128:cr=128",
    '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv420p', file,
  ]);
  const page = await (await browser.newContext()).newPage();
  await signInByCode(portal, page, 'video.resume@example.com', 'Видео Докачка');
  await page.goto(`${portal.url}/news/create`);
  await page.getByLabel('Заголовок').fill('Видео с плохой связью');
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page).toHaveURL(/\/news\/[0-9a-f-]{36}$/);
  const newsUrl = page.url();

  // The first chunk goes through; the connection is lost for every later one.
  let patches = 0;
  await page.route('**/v2/video-uploads/**', (route) => {
    if (route.request().method() === 'PATCH' && ++patches > 1) return route.abort('connectionfailed');
    return route.continue();
  });
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Добавить видео' }).click();
  await (await chooser).setFiles(file);
  await expect.poll(() => patches, { timeout: 30_000 }).toBeGreaterThan(1);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.goto(newsUrl);
  const sent: Array<{ method: string; offset: string | null }> = [];
  page.on('request', (r) => {
    if (r.url().includes('/v2/video-uploads')) sent.push({ method: r.method(), offset: r.headers()['upload-offset'] ?? null });
  });
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Добавить видео' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByLabel('Видео 1')).toBeVisible({ timeout: 60_000 });
  // No new upload: the kept one asked for its offset, and only the rest was sent.
  expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.offset)).toEqual([String(8 * 1024 * 1024)]);
});

// Uploaded videos in news items: shown once encoded, with AV1 and H.264 sources and a poster, by signed
// addresses only whoever sees the item receives; in progress, to the creator alone.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Session } from '@heroiclabs/nakama-js';
import { sleep, startTestServer, tempDir, type TestServer } from '@tribuna/server/testing';
import { call as callOn, fails, registered, type Any } from '../testing.ts';

let ts: TestServer;
const data = tempDir('tribuna-news-videos-');
let author: Session;
let stranger: Session;
let clip: string;

const call = (s: Session, id: string, input: object) => callOn(ts, s, id, input);

before(async () => {
  ts = await startTestServer({
    moduleSpecifiers: ['@tribuna/portal'],
    env: { DATA_DIR: data.dir, VIDEO_AV1_PRESET: '12', VIDEO_H264_PRESET: 'ultrafast' },
  });
  [author, stranger] = await Promise.all([registered(ts), registered(ts)]);
  clip = path.join(data.dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip,
  ]);
});
after(async () => {
  await ts.close();
  data.remove();
});

/** A video uploaded by the user, as a finished upload is taken (the tus transport is the server's test). */
async function uploaded(s: Session): Promise<string> {
  const copy = path.join(data.dir, `upload-${crypto.randomUUID()}`);
  fs.copyFileSync(clip, copy);
  return (await ts.app.core.videos.accept(s.user_id!, copy)).id;
}

async function ready(id: string): Promise<void> {
  const end = Date.now() + 60_000;
  while ((await ts.app.nk.videosGet([id])).get(id)!.status !== 'ready') {
    if (Date.now() > end) assert.fail('the video was not encoded');
    await sleep(100);
  }
}

describe('news videos', () => {
  it('shows a video to the creator while it is encoded, to everyone once ready, AV1 first', async () => {
    const n = await call(author, 'create_news', { name: 'Обзор матча', is_public: true });
    const videoId = await uploaded(author);
    const m = await call(author, 'add_news_media', { news_id: n.id, file_id: videoId });
    assert.equal(m.media_type, 'video');
    assert.equal(m.s3_key, videoId);
    assert.ok(['queued', 'processing', 'ready'].includes(m.video.status), m.video.status);

    // Before it is ready, another viewer sees the item without it.
    const early = await call(stranger, 'get_news', { id: n.id });
    if ((await ts.app.nk.videosGet([videoId])).get(videoId)!.status !== 'ready') assert.deepEqual(early.media, []);

    await ready(videoId);
    for (const viewer of [author, stranger]) {
      const got = await call(viewer, 'get_news', { id: n.id });
      const v = got.media[0].video;
      assert.equal(v.status, 'ready');
      assert.ok(Math.abs(v.duration_ms - 2000) < 200);
      assert.deepEqual(v.sources.map((s: Any) => s.type.split(';')[0]), ['video/mp4', 'video/mp4']);
      assert.match(v.sources[0].type, /av01/);
      assert.match(v.sources[1].type, /avc1/);
      const part = await fetch(`${ts.url}${v.sources[0].src}`, { headers: { Range: 'bytes=0-99' } });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get('content-type'), 'video/mp4');
      const poster = await fetch(`${ts.url}${v.poster_url}`);
      assert.equal(poster.headers.get('content-type'), 'image/webp');
    }
    const list = await call(stranger, 'list_news', {});
    const card = list.news.find((x: Any) => x.id === n.id);
    assert.ok(card.media[0].video.poster_url);
    assert.ok(card.media[0].video.duration_ms > 0);
  });

  it('keeps a private item\'s video from others: no address is handed out, and the bare one is not found', async () => {
    const n = await call(author, 'create_news', { name: 'Только для меня', is_public: false });
    const videoId = await uploaded(author);
    await call(author, 'add_news_media', { news_id: n.id, file_id: videoId });
    await ready(videoId);
    const own = await call(author, 'get_news', { id: n.id });
    const src = own.media[0].video.sources[0].src as string;
    assert.equal((await fetch(`${ts.url}${src}`)).status, 200);

    await fails(call(stranger, 'get_news', { id: n.id }), 404);
    const list = await call(stranger, 'list_news', {});
    assert.ok(!list.news.some((x: Any) => x.id === n.id));
    for (const guess of [`/uploads/videos/${videoId}/av1.mp4`, `/uploads/videos/${videoId}/h264.mp4?e=9999999999&s=x`, `/uploads/${videoId}`]) {
      assert.equal((await fetch(`${ts.url}${guess}`)).status, 404, guess);
    }
  });

  it('removes a video with its files once no news item shows it', async () => {
    const a = await call(author, 'create_news', { name: 'Первая новость' });
    const b = await call(author, 'create_news', { name: 'Вторая новость' });
    const videoId = await uploaded(author);
    await ready(videoId);
    const ma = await call(author, 'add_news_media', { news_id: a.id, file_id: videoId });
    const mb = await call(author, 'add_news_media', { news_id: b.id, file_id: videoId });
    await call(author, 'remove_news_media', { id: ma.id });
    assert.ok((await ts.app.nk.videosGet([videoId])).has(videoId));
    await call(author, 'remove_news_media', { id: mb.id });
    assert.equal((await ts.app.nk.videosGet([videoId])).has(videoId), false);
    assert.equal(fs.existsSync(path.join(data.dir, 'videos', videoId)), false);
  });

  it('removes the videos of a deleted news item that no other item shows; keeps one another item shows', async () => {
    const a = await call(author, 'create_news', { name: 'Удаляемая новость' });
    const b = await call(author, 'create_news', { name: 'Остающаяся новость' });
    const [own, shared] = [await uploaded(author), await uploaded(author)];
    await call(author, 'add_news_media', { news_id: a.id, file_id: own });
    await call(author, 'add_news_media', { news_id: a.id, file_id: shared });
    await call(author, 'add_news_media', { news_id: b.id, file_id: shared });
    await call(author, 'delete_news', { id: a.id });
    const left = await ts.app.nk.videosGet([own, shared]);
    assert.deepEqual([...left.keys()], [shared]);
    assert.equal(fs.existsSync(path.join(data.dir, 'videos', own)), false);
    // Once the other item is deleted too, the shared one goes.
    await call(author, 'delete_news', { id: b.id });
    assert.equal((await ts.app.nk.videosGet([shared])).size, 0);
  });

  it('attaches a video a news item shows, so the clean-up of unattached uploads keeps it', async () => {
    const n = await call(author, 'create_news', { name: 'Новость с видео' });
    const [shown, abandoned] = [await uploaded(author), await uploaded(author)];
    await call(author, 'add_news_media', { news_id: n.id, file_id: shown });
    await ts.app.core.db.execute("UPDATE video SET create_time = now() - interval '25 hours' WHERE id = ANY($1::uuid[])", [[shown, abandoned]]);
    await ts.app.core.videos.sweep();
    const left = await ts.app.nk.videosGet([shown, abandoned]);
    assert.deepEqual([...left.keys()], [shown]);
    assert.equal((await call(author, 'get_news', { id: n.id })).media.length, 1);
  });

  it('refuses another user\'s video', async () => {
    const n = await call(stranger, 'create_news', { name: 'Чужое видео' });
    const videoId = await uploaded(author);
    await fails(call(stranger, 'add_news_media', { news_id: n.id, file_id: videoId }), 400, 'Файл: файл не найден.');
  });
});

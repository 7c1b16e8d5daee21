// Videos end to end against the real server: resumable uploads with tus-js-client, the encoding queue
// (AV1, H.264, WebP poster), range requests on signed addresses, refusals of bad input, and a job that
// survives a restart.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as tus from 'tus-js-client';
import { WebSocket } from 'ws';
import type { Db } from '../db/index.ts';
import { CORRUPT_VIDEO, NOT_A_VIDEO, tooBig, tooLong, tooManyVideos } from '../core/videos.ts';
import { tooManyUploads } from '../http/videos.ts';
import { freshDb, sleep, startTestServer, tempDir, type TestServer } from '../testing/index.ts';

const media = tempDir('tribuna-video-src-');
after(() => media.remove());
const FAST = { VIDEO_AV1_PRESET: '12', VIDEO_H264_PRESET: 'ultrafast' };

/** A small video made by ffmpeg: 320×240, 10 fps, with a tone; options override the defaults. */
function makeVideo(name: string, { seconds = 2, size = '320x240', moovFirst = true } = {}): string {
  const out = path.join(media.dir, name);
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=10:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast',
    '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', ...(moovFirst ? ['-movflags', '+faststart'] : []), out,
  ]);
  return out;
}

async function registered(ts: TestServer): Promise<{ token: string; userId: string }> {
  const email = `v-${crypto.randomUUID()}@example.com`;
  const s = await ts.client().authenticateEmail(email, 'password-123', true);
  assert.ok(await ts.app.core.accounts.confirmEmail(s.user_id!, email));
  return { token: s.token, userId: s.user_id! };
}

interface Done {
  videoId: string;
  url: string;
}

/** Uploads bytes with tus-js-client; resolves with the video id the last answer carries. */
function upload(ts: TestServer, token: string, bytes: Buffer, opts: Partial<tus.UploadOptions> = {}): Promise<Done> & { upload: tus.Upload } {
  let up!: tus.Upload;
  const p = new Promise<Done>((resolve, reject) => {
    up = new tus.Upload(bytes, {
      endpoint: `${ts.url}/v2/video-uploads`,
      headers: { Authorization: `Bearer ${token}` },
      chunkSize: 8 * 1024,
      retryDelays: [],
      metadata: { filename: 'clip.mp4', filetype: 'video/mp4' },
      ...opts,
      onSuccess: (payload) => {
        const res = payload.lastResponse;
        resolve({ videoId: res.getHeader('Video-Id') ?? JSON.parse(res.getBody()).video_id, url: up.url! });
      },
      onError: reject,
    });
    up.start();
  }) as Promise<Done> & { upload: tus.Upload };
  p.upload = up;
  return p;
}

/** The message of a refused upload's answer. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    const res = (err as tus.DetailedError).originalResponse;
    assert.ok(res, String(err));
    return { status: res.getStatus(), message: JSON.parse(res.getBody()).message };
  }
  assert.fail('the upload was accepted');
}

async function waitReady(ts: TestServer, id: string, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = (await ts.app.nk.videosGet([id])).get(id)!;
    if (v.status === 'ready' || v.status === 'failed') return v;
    if (Date.now() > end) assert.fail(`video still ${v.status}`);
    await sleep(100);
  }
}

/** A ready video's files, once its source is removed (just after the row says ready). */
async function filesOf(dir: string): Promise<string[]> {
  const until = Date.now() + 5000;
  while (fs.readdirSync(dir).includes('source') && Date.now() < until) await sleep(20);
  return fs.readdirSync(dir).sort();
}

function leftovers(dir: string): string[] {
  const up = path.join(dir, 'video-uploads');
  return fs.existsSync(up) ? fs.readdirSync(up) : [];
}

describe('video uploads and encoding', () => {
  let ts: TestServer;
  let data: ReturnType<typeof tempDir>;
  let clip: Buffer;
  before(async () => {
    data = tempDir('tribuna-videos-');
    ts = await startTestServer({ env: { DATA_DIR: data.dir, ...FAST, VIDEO_MAX_BYTES: String(5 * 1024 * 1024) } });
    clip = fs.readFileSync(makeVideo('clip.mp4'));
  });
  after(async () => {
    await ts.close();
    data.remove();
  });

  it('resumes an interrupted upload, encodes AV1, H.264 and a poster, and tells the author the progress', async () => {
    const user = await registered(ts);
    const ws = new WebSocket(`ws://127.0.0.1:${ts.port}/ws?token=${user.token}`);
    const seen: Array<{ status: string; progress: number }> = [];
    ws.on('message', (m) => {
      const env = JSON.parse(String(m));
      for (const n of env.notifications?.notifications ?? []) if (n.subject === 'video_progress') seen.push(JSON.parse(n.content));
    });
    await new Promise((r) => ws.once('open', r));

    // The first attempt stops after two chunks, as a dropped connection would leave it.
    let chunks = 0;
    const first = upload(ts, user.token, clip, {
      onChunkComplete() {
        if (++chunks === 2) void first.upload.abort();
      },
    });
    first.catch(() => {});
    const deadline = Date.now() + 10_000;
    while (chunks < 2 && Date.now() < deadline) await sleep(20);
    await sleep(100);
    const uploadUrl = first.upload.url!;
    const head = await fetch(new URL(uploadUrl, ts.url), { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${user.token}` } });
    const offset = Number(head.headers.get('upload-offset'));
    assert.ok(offset >= 16 * 1024 && offset < clip.length, `offset ${offset}`);

    // Another user may not touch it.
    const other = await registered(ts);
    const foreign = await fetch(new URL(uploadUrl, ts.url), { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${other.token}` } });
    assert.equal(foreign.status, 404);

    // The second attempt (a reload: only the address was kept) continues from the offset.
    let firstOffset = -1;
    const done = await upload(ts, user.token, clip, {
      uploadUrl,
      onProgress(sent) {
        if (firstOffset < 0) firstOffset = sent;
      },
    });
    assert.ok(firstOffset >= offset, `resumed at ${firstOffset}`);
    assert.deepEqual(leftovers(data.dir), []);

    const v = await waitReady(ts, done.videoId);
    assert.equal(v.status, 'ready');
    assert.equal(v.ownerId, user.userId);
    assert.ok(Math.abs(v.durationMs! - 2000) < 200, `duration ${v.durationMs}`);
    const dir = path.join(data.dir, 'videos', v.id);
    assert.deepEqual(await filesOf(dir), ['av1.mp4', 'h264.mp4', 'poster.webp']);
    const codec = (f: string) => execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', path.join(dir, f)]).toString().trim();
    assert.equal(codec('av1.mp4'), 'av1,320,240');
    assert.equal(codec('h264.mp4'), 'h264,320,240');
    assert.equal(codec('poster.webp'), 'webp,320,240');
    const audio = execFileSync('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', path.join(dir, 'av1.mp4')]).toString().trim();
    assert.equal(audio, 'opus');

    const until = Date.now() + 5000;
    while (seen.at(-1)?.status !== 'ready' && Date.now() < until) await sleep(20);
    ws.close();
    assert.ok(seen.some((s) => s.status === 'processing'), JSON.stringify(seen));
    assert.deepEqual(seen.at(-1), { video_id: v.id, status: 'ready', progress: 100 });
  });

  it('serves the files by signed address with range requests, and nothing without a valid signature', async () => {
    const user = await registered(ts);
    const { videoId } = await upload(ts, user.token, clip);
    const v = await waitReady(ts, videoId);
    const av1 = `${ts.url}${v.urls!.av1}`;
    const whole = await fetch(av1);
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('content-type'), 'video/mp4');
    assert.equal(whole.headers.get('accept-ranges'), 'bytes');
    assert.match(whole.headers.get('cache-control')!, /^private, max-age=\d+/);
    const size = (await whole.arrayBuffer()).byteLength;

    const part = await fetch(av1, { headers: { Range: 'bytes=100-199' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 100-199/${size}`);
    assert.equal((await part.arrayBuffer()).byteLength, 100);
    const tail = await fetch(av1, { headers: { Range: 'bytes=-10' } });
    assert.equal(tail.status, 206);
    assert.equal(tail.headers.get('content-range'), `bytes ${size - 10}-${size - 1}/${size}`);
    const beyond = await fetch(av1, { headers: { Range: `bytes=${size}-` } });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.headers.get('content-range'), `bytes */${size}`);
    const poster = await fetch(`${ts.url}${v.urls!.poster}`);
    assert.equal(poster.headers.get('content-type'), 'image/webp');

    // Without the signature, with another video's, or a forged one: not found, the same each time.
    const bare = `${ts.url}/uploads/videos/${videoId}/av1.mp4`;
    const other = (await waitReady(ts, (await upload(ts, user.token, clip)).videoId)).urls!.av1;
    const forged = new URL(av1);
    forged.searchParams.set('s', 'A'.repeat(43));
    for (const u of [bare, `${bare}${other.slice(other.indexOf('?'))}`, forged.toString()]) {
      const res = await fetch(u);
      assert.equal(res.status, 404, u);
    }
  });

  it('refuses what is not a video, a truncated one, a zip named .mp4 and guests, leaving no file behind', async () => {
    const user = await registered(ts);
    const text = await refusal(upload(ts, user.token, Buffer.from('это не видео '.repeat(1000))));
    assert.deepEqual(text, { status: 400, message: NOT_A_VIDEO });

    // A zip of a megabyte of zeros (a small "bomb"), named clip.mp4.
    const zipDir = path.join(media.dir, 'zip');
    fs.mkdirSync(zipDir, { recursive: true });
    fs.writeFileSync(path.join(zipDir, 'zeros'), Buffer.alloc(1024 * 1024));
    execFileSync('python3', ['-c', `import zipfile;z=zipfile.ZipFile('${zipDir}/bomb.mp4','w',zipfile.ZIP_DEFLATED);z.write('${zipDir}/zeros','zeros');z.close()`]);
    const zip = await refusal(upload(ts, user.token, fs.readFileSync(path.join(zipDir, 'bomb.mp4'))));
    assert.deepEqual(zip, { status: 400, message: NOT_A_VIDEO });

    // Cut in half, its index (at the end) lost.
    const whole = fs.readFileSync(makeVideo('late-moov.mp4', { moovFirst: false }));
    const cut = await refusal(upload(ts, user.token, whole.subarray(0, Math.floor(whole.length / 2))));
    assert.deepEqual(cut, { status: 400, message: CORRUPT_VIDEO });

    const guest = await ts.client().authenticateDevice(`device-${crypto.randomUUID()}`, true);
    const g = await refusal(upload(ts, guest.token, clip));
    assert.equal(g.status, 403);
    const none = await refusal(upload(ts, 'nope', clip));
    assert.equal(none.status, 401);

    const big = await refusal(upload(ts, user.token, Buffer.alloc(6 * 1024 * 1024)));
    assert.deepEqual(big, { status: 400, message: 'Файл слишком большой (макс. 5 МБ).' });

    assert.deepEqual(leftovers(data.dir), []);
    const rows = await ts.app.core.db.query<{ n: number }>('SELECT count(*)::int AS n FROM video WHERE owner_id = $1', [user.userId]);
    assert.equal(rows[0].n, 0);
  });

  it('refuses a video of 10 hours and one in 8K by the default limits', async () => {
    const user = await registered(ts);
    // Two frames ten hours apart: a tiny file whose container says 10 hours.
    const long = path.join(media.dir, 'ten-hours.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=size=64x64:rate=1:duration=2', '-vf', 'setpts=PTS*36000', '-fps_mode', 'passthrough', '-c:v', 'libx264', '-preset', 'ultrafast', long]);
    assert.deepEqual(await refusal(upload(ts, user.token, fs.readFileSync(long))), { status: 400, message: tooLong(3600) });
    const huge = path.join(media.dir, '8k.mp4');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=7680x4320:rate=1:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', huge]);
    assert.deepEqual(await refusal(upload(ts, user.token, fs.readFileSync(huge), { chunkSize: 256 * 1024 })), { status: 400, message: tooBig(4096) });
    assert.equal(tooLong(3600), 'Видео слишком длинное: не больше 1 ч.');
    assert.deepEqual(leftovers(data.dir), []);
  });

  it('removes a cancelled upload', async () => {
    const user = await registered(ts);
    let chunks = 0;
    const p = upload(ts, user.token, clip, {
      onChunkComplete() {
        if (++chunks === 1) void p.upload.abort(true);
      },
    });
    p.catch(() => {});
    const deadline = Date.now() + 10_000;
    while (chunks < 1 && Date.now() < deadline) await sleep(20);
    // The termination (DELETE) removes the partial file and its record.
    while (leftovers(data.dir).length && Date.now() < deadline) await sleep(50);
    assert.deepEqual(leftovers(data.dir), []);
  });
});

describe('video limits', () => {
  it('refuses a video longer or larger than configured, and past the per-user count', async () => {
    const data = tempDir('tribuna-videos-limits-');
    const ts = await startTestServer({ env: { DATA_DIR: data.dir, ...FAST, VIDEO_MAX_DURATION_SEC: '1', VIDEO_MAX_SIDE: '320', LIMIT_VIDEOS_PER_USER: '1' } });
    try {
      const user = await registered(ts);
      const long = await refusal(upload(ts, user.token, fs.readFileSync(makeVideo('long.mp4'))));
      assert.deepEqual(long, { status: 400, message: tooLong(1) });
      const wide = await refusal(upload(ts, user.token, fs.readFileSync(makeVideo('wide.mp4', { seconds: 1, size: '640x360' }))));
      assert.deepEqual(wide, { status: 400, message: tooBig(320) });
      const short = fs.readFileSync(makeVideo('short.mp4', { seconds: 1 }));
      await upload(ts, user.token, short);
      const more = await refusal(upload(ts, user.token, short));
      assert.deepEqual(more, { status: 429, message: tooManyVideos(1) });
      assert.deepEqual(leftovers(data.dir), []);
    } finally {
      await ts.close();
      data.remove();
    }
  });
});

/** Starts a tus upload of `length` bytes without sending any: its answer (201 with a Location, or a refusal). */
async function startUpload(ts: TestServer, token: string, length = 1000): Promise<{ status: number; location: string | null; message?: string }> {
  const res = await fetch(`${ts.url}/v2/video-uploads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(length) },
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get('location'), ...(res.status >= 400 ? { message: JSON.parse(text).message } : {}) };
}

describe('unfinished uploads and the clean-up', () => {
  let ts: TestServer;
  let data: ReturnType<typeof tempDir>;
  before(async () => {
    data = tempDir('tribuna-videos-sweep-');
    ts = await startTestServer({ env: { DATA_DIR: data.dir, ...FAST, LIMIT_VIDEOS_PER_USER: '2', LIMIT_VIDEO_UPLOADS_PER_USER_HOUR: '4' } });
  });
  after(async () => {
    await ts.close();
    data.remove();
  });

  it('counts unfinished uploads against the quota until they finish or are cancelled', async () => {
    const user = await registered(ts);
    const first = await startUpload(ts, user.token);
    const second = await startUpload(ts, user.token);
    assert.deepEqual([first.status, second.status], [201, 201]);
    assert.deepEqual(await startUpload(ts, user.token), { status: 429, location: null, message: tooManyVideos(2) });
    // Cancelling one (DELETE) frees its place.
    const del = await fetch(new URL(first.location!, ts.url), { method: 'DELETE', headers: { Authorization: `Bearer ${user.token}`, 'Tus-Resumable': '1.0.0' } });
    assert.equal(del.status, 204);
    const until = Date.now() + 5000;
    let rows = 2;
    while (rows !== 1 && Date.now() < until) {
      rows = (await ts.app.core.db.query<{ n: number }>('SELECT count(*)::int AS n FROM video_upload WHERE owner_id = $1', [user.userId]))[0].n;
      await sleep(20);
    }
    assert.equal(rows, 1);
    assert.equal((await startUpload(ts, user.token)).status, 201);
  });

  it('refuses more upload starts an hour than LIMIT_VIDEO_UPLOADS_PER_USER_HOUR, with a Russian message', async () => {
    const user = await registered(ts);
    for (let i = 0; i < 2; i++) {
      const up = await startUpload(ts, user.token);
      assert.equal(up.status, 201);
      await fetch(new URL(up.location!, ts.url), { method: 'DELETE', headers: { Authorization: `Bearer ${user.token}`, 'Tus-Resumable': '1.0.0' } });
    }
    // Two more starts reach the limit of 4 (the quota of 2 is not what refuses: the cancelled ones are gone).
    await sleep(100);
    for (let i = 0; i < 2; i++) {
      const up = await startUpload(ts, user.token);
      assert.equal(up.status, 201, up.message);
      await fetch(new URL(up.location!, ts.url), { method: 'DELETE', headers: { Authorization: `Bearer ${user.token}`, 'Tus-Resumable': '1.0.0' } });
    }
    const refused = await startUpload(ts, user.token);
    assert.equal(refused.status, 429);
    assert.equal(refused.message, tooManyUploads(4, 3600));
    // Another user is not limited by it.
    assert.equal((await startUpload(ts, (await registered(ts)).token)).status, 201);
  });

  it('removes videos nobody attached and upload records nobody finished past VIDEO_UPLOAD_EXPIRY_HOURS; keeps attached ones', async () => {
    const user = await registered(ts);
    const clip = fs.readFileSync(makeVideo('sweep.mp4', { seconds: 1 }));
    const kept = (await upload(ts, user.token, clip)).videoId;
    assert.equal(await ts.app.nk.videoAttach(kept), true);
    const dropped = (await upload(ts, user.token, clip)).videoId;
    // Both videos are a day old; the user's quota of 2 is full.
    await ts.app.core.db.execute("UPDATE video SET create_time = now() - interval '25 hours' WHERE owner_id = $1", [user.userId]);
    assert.equal((await startUpload(ts, user.token)).status, 429);
    const other = await registered(ts);
    assert.equal((await startUpload(ts, other.token)).status, 201);
    await ts.app.core.db.execute("UPDATE video_upload SET create_time = now() - interval '25 hours' WHERE owner_id = $1", [other.userId]);
    const fresh = await registered(ts);
    assert.equal((await startUpload(ts, fresh.token)).status, 201);

    const gone = await ts.app.core.videos.sweep();
    assert.deepEqual(gone, { uploads: 1, videos: 1 });
    const left = await ts.app.nk.videosGet([kept, dropped]);
    assert.deepEqual([...left.keys()], [kept]);
    assert.equal(fs.existsSync(path.join(data.dir, 'videos', dropped)), false);
    assert.equal(fs.existsSync(path.join(data.dir, 'videos', kept)), true);
    const uploads = await ts.app.core.db.query<{ owner_id: string }>('SELECT owner_id FROM video_upload WHERE owner_id = ANY($1::uuid[])', [[other.userId, fresh.userId]]);
    assert.deepEqual(uploads.map((r) => r.owner_id), [fresh.userId]);
    // The place the removed video held is free again.
    assert.equal((await startUpload(ts, user.token)).status, 201);
    assert.equal(await ts.app.nk.videoAttach(crypto.randomUUID()), false);
  });
});

describe('the encoding queue across a restart', () => {
  it('finishes a job whose node stopped in the middle, once', async () => {
    const fresh = await freshDb();
    const db: Db = { ...fresh.db, close: async () => {} };
    const data = tempDir('tribuna-videos-restart-');
    // The first node encodes at SVT-AV1's slowest preset: it is still at work when it stops.
    let ts = await startTestServer({ db, env: { DATA_DIR: data.dir, ...FAST, VIDEO_AV1_PRESET: '0' } });
    try {
      const user = await registered(ts);
      const clip = fs.readFileSync(makeVideo('restart.mp4'));
      const { videoId } = await upload(ts, user.token, clip);
      await sleep(300);
      assert.equal(ts.app.core.videoQueue.active, 1);
      // Stopped while the job runs: it goes back to the queue, not counted as a try.
      await ts.close();
      const job = await fresh.db.query<{ attempts: number; lease_id: string | null }>('SELECT attempts, lease_id FROM video_job WHERE video_id = $1', [videoId]);
      assert.deepEqual(job, [{ attempts: 0, lease_id: null }]);

      ts = await startTestServer({ db, env: { DATA_DIR: data.dir, ...FAST } });
      const v = await waitReady(ts, videoId);
      assert.equal(v.status, 'ready');
      assert.deepEqual(await fresh.db.query('SELECT * FROM video_job'), []);
    } finally {
      await ts.close();
      await fresh.db.close();
      await fresh.drop();
      data.remove();
    }
  });
});

describe('the encoding queue on failures', () => {
  let ts: TestServer;
  let data: ReturnType<typeof tempDir>;
  before(async () => {
    data = tempDir('tribuna-videos-queue-');
    ts = await startTestServer({ env: { DATA_DIR: data.dir, ...FAST, VIDEO_ENCODE_ATTEMPTS: '2' } });
  });
  after(async () => {
    await ts.close();
    data.remove();
  });

  /** A queued video whose source holds the given bytes, as accept() leaves it; lease: a dead node's. */
  async function queued(source: Buffer, lease?: { attempts: number }): Promise<string> {
    const user = await registered(ts);
    const id = crypto.randomUUID();
    fs.mkdirSync(path.join(data.dir, 'videos', id), { recursive: true });
    fs.writeFileSync(path.join(data.dir, 'videos', id, 'source'), source);
    await ts.app.core.db.tx(async (q) => {
      await q.execute("INSERT INTO video (id, owner_id, status, size, duration_ms) VALUES ($1, $2, 'processing', $3, 2000)", [id, user.userId, source.length]);
      if (lease) {
        await q.execute(
          "INSERT INTO video_job (video_id, attempts, lease_id, lease_until) VALUES ($1, $2, $3, now() - interval '1 second')",
          [id, lease.attempts, crypto.randomUUID()],
        );
      } else {
        await q.execute('INSERT INTO video_job (video_id) VALUES ($1)', [id]);
      }
    });
    ts.app.core.videoQueue.kick();
    return id;
  }

  it('retries a failing encoding, then marks the video failed, with nothing left running or half-written', async () => {
    const id = await queued(Buffer.from('not a video at all'));
    const v = await waitReady(ts, id, 30_000);
    assert.equal(v.status, 'failed');
    assert.equal(v.error, 'Не удалось обработать видео.');
    assert.deepEqual(await ts.app.core.db.query('SELECT * FROM video_job WHERE video_id = $1', [id]), []);
    assert.deepEqual(await filesOf(path.join(data.dir, 'videos', id)), []);
    assert.equal(ts.app.core.videoQueue.active, 0);
  });

  it('takes over a job whose node died holding it (its lease ran out)', async () => {
    const id = await queued(fs.readFileSync(makeVideo('orphan.mp4')), { attempts: 1 });
    const v = await waitReady(ts, id);
    assert.equal(v.status, 'ready');
    assert.deepEqual(await filesOf(path.join(data.dir, 'videos', id)), ['av1.mp4', 'h264.mp4', 'poster.webp']);
  });
});

describe('the encoding queue on two nodes', () => {
  it('runs at most VIDEO_ENCODE_CONCURRENCY encodings across both and finishes every video', async () => {
    const fresh = await freshDb();
    const db: Db = { ...fresh.db, close: async () => {} };
    const data = tempDir('tribuna-videos-nodes-');
    const env = { DATA_DIR: data.dir, ...FAST, VIDEO_ENCODE_CONCURRENCY: '1' };
    const nodes = [await startTestServer({ db, env }), await startTestServer({ db, env })];
    try {
      const clip = fs.readFileSync(makeVideo('nodes.mp4', { seconds: 1 }));
      const user = await registered(nodes[0]);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) ids.push((await upload(nodes[i % 2], user.token, clip)).videoId);
      let most = 0;
      const sampling = setInterval(() => {
        most = Math.max(most, nodes[0].app.core.videoQueue.active + nodes[1].app.core.videoQueue.active);
      }, 5);
      for (const id of ids) assert.equal((await waitReady(nodes[0], id)).status, 'ready');
      clearInterval(sampling);
      assert.equal(most, 1);
      assert.deepEqual(await fresh.db.query('SELECT * FROM video_job'), []);
    } finally {
      for (const n of nodes) await n.close();
      await fresh.db.close();
      await fresh.drop();
      data.remove();
    }
  });
});

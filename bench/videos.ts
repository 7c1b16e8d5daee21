// Memory of concurrent video uploads, against a server of its own (bench/servers/tribuna.ts, in a process
// of its own): `uploads` tus uploads of `mb` MB each by one registered user, each one POST (Upload-Length)
// and then one PATCH carrying the whole body from offset 0, all at once. The bodies are made as they are
// sent (one 64 KB block written again and again, waiting for the socket to drain), so neither process
// holds a body; they are not videos, so each upload is refused with 400 once it is whole, which is its
// proof of having been received in full. The server's RSS is read from /proc every 50 ms, from before the
// first PATCH (after a full GC and one small upload, so what the first upload loads once is in it) until
// the last answer. Prints one JSON line. Alone: node bench/videos.ts '{"uploads": 5, "mb": 200}'.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { NOT_A_VIDEO } from '../server/src/core/videos.ts';
import { ROOT, startChild } from './lib.ts';

const o = JSON.parse(process.argv[2] ?? '{}') as { uploads?: number; mb?: number };
const uploads = o.uploads ?? 5;
const bytes = (o.mb ?? 200) * 1024 * 1024;
const BLOCK = Buffer.alloc(64 * 1024, 0x5a);

const server = await startChild(path.join(ROOT, 'bench/servers/tribuna.ts'), [], { BENCH_TEAMS: '1', BENCH_WEB_DIST: 'none' }, ['--expose-gc']);
const port = Number(server.info.port);
const pid = Number(server.info.pid);
const dataDir = String(server.info.dataDir);

/** The server's resident memory now, from /proc. */
function rss(): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(kb?.[1] ?? 0) * 1024;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request; the body, when `length` is given, made as it is written: `length` bytes in blocks, each
 * write after the socket has taken the one before. Resolves with the answer and the bytes written.
 */
function request(method: string, urlPath: string, headers: Record<string, string | number>, length = 0): Promise<Answer & { sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers: { ...headers, ...(length || method === 'PATCH' ? { 'Content-Length': length } : {}) } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent }));
      res.on('error', reject);
    });
    req.on('error', reject);
    void (async () => {
      while (sent < length && !req.destroyed) {
        const n = Math.min(BLOCK.length, length - sent);
        const ok = req.write(n === BLOCK.length ? BLOCK : BLOCK.subarray(0, n));
        sent += n;
        if (!ok) await drained(req);
      }
      req.end();
    })();
  });
}

/** Resolves when the request's socket has taken what was written, or the request is gone. */
function drained(req: http.ClientRequest): Promise<void> {
  return new Promise((go) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      go();
    };
    req.on('drain', done).on('close', done);
  });
}

async function rpc<T>(id: string, input: object): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/v2/rpc/${id}?http_key=defaulthttpkey`, { method: 'POST', body: JSON.stringify(JSON.stringify(input)) });
  if (!res.ok) throw new Error(`${id}: ${res.status} ${await res.text()}`);
  return JSON.parse(((await res.json()) as { payload: string }).payload) as T;
}

/** A tus upload of `length` bytes: its creation, then its whole body in one PATCH. */
async function upload(token: string, length: number): Promise<{ created: number; status: number; message: string; sent: number }> {
  const tus = { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' };
  const meta = `filename ${Buffer.from('clip.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
  const created = await request('POST', '/v2/video-uploads', { ...tus, 'Upload-Length': length, 'Upload-Metadata': meta });
  if (created.status !== 201 || !created.headers.location) throw new Error(`tus creation: ${created.status} ${created.body}`);
  const location = new URL(created.headers.location, `http://127.0.0.1:${port}/v2/video-uploads/`).pathname;
  const done = await request('PATCH', location, { ...tus, 'Upload-Offset': 0, 'Content-Type': 'application/offset+octet-stream' }, length);
  let message = '';
  try {
    message = (JSON.parse(done.body) as { message?: string }).message ?? '';
  } catch {
    message = done.body.slice(0, 200);
  }
  return { created: created.status, status: done.status, message, sent: done.sent };
}

try {
  const [user] = await rpc<{ userId: string; token: string }[]>('bench_users', { prefix: `videos-${Date.now()}`, count: 1 });
  // One small upload first: the tus server and its store are made at the first upload.
  await upload(user.token, 1024);

  await rpc('bench_memory', {});
  const rss0 = rss();
  let peak = rss0;
  let samples = 0;
  // The sending process's own peak too: it holds no body either.
  let loadPeak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
    loadPeak = Math.max(loadPeak, process.memoryUsage().rss);
    samples++;
  }, 50);
  const started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: uploads }, () => upload(user.token, bytes)));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss());

  const done = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
  const failures = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason));
  // Received in full: every byte written, and the answer the server gives a whole upload that is no video.
  const whole = done.filter((r) => r.sent === bytes && r.status === 400 && r.message === NOT_A_VIDEO).length;
  const sent = done.reduce((n, r) => n + r.sent, 0);
  // Every refused upload is removed: nothing is left in the upload directory but the store's own files.
  const left = fs.readdirSync(path.join(dataDir, 'video-uploads')).filter((f) => /^[0-9a-f]{32}$/.test(f)).length;
  console.log(JSON.stringify({
    uploads,
    bytesEach: bytes,
    whole,
    failed: uploads - whole,
    firstFailure: failures[0] ?? JSON.stringify(done.find((r) => !(r.sent === bytes && r.status === 400 && r.message === NOT_A_VIDEO))),
    uploadsLeft: left,
    rss0,
    peakRss: peak,
    growth: peak - rss0,
    samples,
    loadPeakRss: loadPeak,
    seconds,
    mbPerSecond: sent / (1024 * 1024) / seconds,
  }));
} finally {
  await server.stop();
  // The server removes its data directory as it stops; one it was killed before removing goes here.
  fs.rmSync(dataDir, { recursive: true, force: true });
}

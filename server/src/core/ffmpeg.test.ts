// ffprobe and ffmpeg as child processes: killed at their time limit or on abort, the event loop free
// meanwhile, and nothing left half-written by the caller's .part files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir } from '../testing/index.ts';
import { encode, probe, ProcessError } from './ffmpeg.ts';

const dir = tempDir('tribuna-ffmpeg-');
let clip: string;
before(() => {
  clip = path.join(dir.dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
});
after(() => dir.remove());

const outputs = () => ({ av1: path.join(dir.dir, 'a.part'), h264: path.join(dir.dir, 'h.part'), poster: path.join(dir.dir, 'p.part') });

describe('ffprobe and ffmpeg', () => {
  it('reads duration, size and streams as JSON', async () => {
    const p = await probe(clip, 10_000);
    assert.deepEqual({ ...p, duration: Math.round(p.duration) }, { duration: 2, width: 320, height: 240, hasAudio: false, formatName: 'mov,mp4,m4a,3gp,3g2,mj2' });
  });

  it('kills ffprobe at its time limit', async () => {
    await assert.rejects(probe(clip, 1), (err: unknown) => err instanceof ProcessError && err.timedOut);
  });

  it('kills ffmpeg at its time limit and on abort, while the event loop keeps turning', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await assert.rejects(
      encode({ source: clip, ...outputs(), duration: 2, av1Preset: 4, h264Preset: 'veryslow', timeoutMs: 300 }),
      (err: unknown) => err instanceof ProcessError && err.timedOut,
    );
    clearInterval(timer);
    assert.ok(Date.now() - started < 5000);
    assert.ok(ticks > 20, `event loop turned ${ticks} times`);

    const abort = new AbortController();
    setTimeout(() => abort.abort(), 100);
    await assert.rejects(
      encode({ source: clip, ...outputs(), duration: 2, av1Preset: 4, h264Preset: 'veryslow', timeoutMs: 60_000, signal: abort.signal }),
      /aborted/,
    );
    for (const f of Object.values(outputs())) fs.rmSync(f, { force: true });
  });
});

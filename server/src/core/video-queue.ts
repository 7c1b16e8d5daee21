// The encoding queue, on the database's own tables so it works alike on PGlite and PostgreSQL and across
// nodes: a job is claimed with FOR UPDATE SKIP LOCKED under a lease renewed while ffmpeg runs. Claims are
// taken one at a time under an advisory lock, so at most VIDEO_ENCODE_CONCURRENCY jobs hold a lease at once
// in the whole cluster. A failed run is retried later (up to VIDEO_ENCODE_ATTEMPTS); a node that stops
// gives its jobs back; one that dies leaves a lease that runs out, and another node takes the job over.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { Db } from '../db/index.ts';
import type { Logger } from '../log.ts';
import { encode } from './ffmpeg.ts';
import type { Notifications } from './notifications.ts';
import { ENCODE_FAILED, type Videos } from './videos.ts';

/** The code of the (not stored) notification that tells a video's owner how its encoding goes. */
const VIDEO_PROGRESS_CODE = -10;
const LEASE_MS = 30_000;
const POLL_MS = 5_000;
const PROGRESS_EVERY_MS = 1_000;

interface Claim {
  videoId: string;
  attempts: number;
  leaseId: string;
}

export class VideoQueue {
  private readonly db: Db;
  private readonly videos: Videos;
  private readonly notifications: Notifications;
  private readonly logger: Logger;
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private stopped = true;
  private pumping: Promise<void> | undefined;
  private again = false;
  private telling: Promise<void> = Promise.resolve();
  /** Lease length; shorter in tests of a node that dies. */
  leaseMs = LEASE_MS;

  constructor(db: Db, videos: Videos, notifications: Notifications, logger: Logger) {
    this.db = db;
    this.videos = videos;
    this.notifications = notifications;
    this.logger = logger;
  }

  start(pollMs = POLL_MS): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.videos.onQueued = () => this.kick();
    this.timer = setInterval(() => this.kick(), pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Jobs running on this node now. */
  get active(): number {
    return this.running.size;
  }

  /** Looks for work now (coalesced with a look under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = this.pump()
      .catch((err) => this.logger.error('video queue poll failed', { err }))
      .finally(() => {
        this.pumping = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async pump(): Promise<void> {
    while (!this.stopped && this.running.size < this.videos.config.concurrency) {
      const claim = await this.claim();
      if (!claim) return;
      const abort = new AbortController();
      const done = this.work(claim, abort.signal).finally(() => {
        this.running.delete(claim.videoId);
        this.kick();
      });
      this.running.set(claim.videoId, { abort, done });
    }
  }

  /** Takes the next due job whose lease is free, if fewer than the concurrency hold one. */
  private claim(): Promise<Claim | undefined> {
    const leaseId = crypto.randomUUID();
    return this.db.tx(async (q) => {
      await q.query("SELECT pg_advisory_xact_lock(hashtextextended('video-queue', 0))");
      const busy = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM video_job WHERE lease_until > now()');
      if (busy[0].n >= this.videos.config.concurrency) return undefined;
      const rows = await q.query<{ video_id: string; attempts: number }>(
        `UPDATE video_job SET attempts = attempts + 1, lease_id = $1, lease_until = now() + $2 * interval '1 millisecond'
         WHERE video_id = (
           SELECT video_id FROM video_job WHERE run_after <= now() AND (lease_until IS NULL OR lease_until <= now())
           ORDER BY run_after, video_id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING video_id, attempts`,
        [leaseId, this.leaseMs],
      );
      if (!rows.length) return undefined;
      await q.execute("UPDATE video SET status = 'processing', progress = 0, update_time = now() WHERE id = $1", [rows[0].video_id]);
      return { videoId: rows[0].video_id, attempts: rows[0].attempts, leaseId };
    });
  }

  /** Renews a lease; false when it was lost (it ran out and another node took the job). */
  private async renew(c: Claim): Promise<boolean> {
    const n = await this.db.execute(
      `UPDATE video_job SET lease_until = now() + $3 * interval '1 millisecond' WHERE video_id = $1 AND lease_id = $2`,
      [c.videoId, c.leaseId, this.leaseMs],
    );
    return n > 0;
  }

  private async work(c: Claim, signal: AbortSignal): Promise<void> {
    const v = (await this.videos.get([c.videoId])).get(c.videoId);
    if (!v) return;
    const lost = new AbortController();
    const both = AbortSignal.any([signal, lost.signal]);
    const renewing = setInterval(() => {
      this.renew(c).then((ok) => {
        if (!ok) lost.abort();
      }, (err) => this.logger.warn('video lease renewal failed', { err }));
    }, Math.max(100, Math.floor(this.leaseMs / 3)));
    let lastSent = 0;
    const progress = (percent: number) => {
      const now = Date.now();
      if (now - lastSent < PROGRESS_EVERY_MS) return;
      lastSent = now;
      this.db.execute('UPDATE video SET progress = $2, update_time = now() WHERE id = $1 AND progress < $2', [c.videoId, percent])
        .catch((err) => this.logger.warn('video progress not saved', { err }));
      this.tell(v.ownerId, { video_id: c.videoId, status: 'processing', progress: percent });
    };
    const files = { av1: this.videos.pathOf(c.videoId, 'av1.mp4'), h264: this.videos.pathOf(c.videoId, 'h264.mp4'), poster: this.videos.pathOf(c.videoId, 'poster.webp') };
    const tmp = { av1: `${files.av1}.part`, h264: `${files.h264}.part`, poster: `${files.poster}.part` };
    try {
      this.tell(v.ownerId, { video_id: c.videoId, status: 'processing', progress: 0 });
      await encode({
        source: this.videos.pathOf(c.videoId, 'source'),
        ...tmp,
        duration: (v.durationMs ?? 0) / 1000,
        av1Preset: this.videos.config.av1Preset,
        h264Preset: this.videos.config.h264Preset,
        timeoutMs: this.videos.config.encodeTimeoutSec * 1000,
        signal: both,
        onProgress: progress,
      });
      clearInterval(renewing);
      // Only the lease's holder finishes the job; the files are renamed into place before the row says so.
      if (!(await this.renew(c))) throw new Error('lease lost');
      for (const k of ['av1', 'h264', 'poster'] as const) await fs.rename(tmp[k], files[k]);
      const finished = await this.db.tx(async (q) => {
        if (!(await q.execute('DELETE FROM video_job WHERE video_id = $1 AND lease_id = $2', [c.videoId, c.leaseId]))) return false;
        await q.execute("UPDATE video SET status = 'ready', progress = 100, error = NULL, update_time = now() WHERE id = $1", [c.videoId]);
        return true;
      });
      if (!finished) return;
      await fs.rm(this.videos.pathOf(c.videoId, 'source'), { force: true });
      this.tell(v.ownerId, { video_id: c.videoId, status: 'ready', progress: 100 });
      this.logger.info('video encoded', { video: c.videoId, attempts: c.attempts });
    } catch (err) {
      clearInterval(renewing);
      for (const f of Object.values(tmp)) await fs.rm(f, { force: true });
      if (signal.aborted) {
        // This node is stopping: the job goes back, and the interrupted run does not count as a try.
        await this.db.execute(
          'UPDATE video_job SET lease_id = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0) WHERE video_id = $1 AND lease_id = $2',
          [c.videoId, c.leaseId],
        ).catch(() => {});
        return;
      }
      if (lost.signal.aborted) return;
      await this.failed(c, v.ownerId, err);
    } finally {
      clearInterval(renewing);
    }
  }

  private async failed(c: Claim, ownerId: string | null, err: unknown): Promise<void> {
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
    const final = c.attempts >= this.videos.config.maxAttempts;
    this.logger.warn('video encoding failed', { video: c.videoId, attempts: c.attempts, final, reason });
    if (final) {
      const done = await this.db.tx(async (q) => {
        if (!(await q.execute('DELETE FROM video_job WHERE video_id = $1 AND lease_id = $2', [c.videoId, c.leaseId]))) return false;
        await q.execute("UPDATE video SET status = 'failed', error = $2, update_time = now() WHERE id = $1", [c.videoId, ENCODE_FAILED]);
        return true;
      });
      if (done) {
        await fs.rm(this.videos.pathOf(c.videoId, 'source'), { force: true });
        this.tell(ownerId, { video_id: c.videoId, status: 'failed', progress: 0, error: ENCODE_FAILED });
      }
      return;
    }
    // Retried after a pause that grows with each try.
    const delayMs = Math.min(3_600_000, 2_000 * 4 ** (c.attempts - 1));
    await this.db.tx(async (q) => {
      await q.execute(
        `UPDATE video_job SET lease_id = NULL, lease_until = NULL, last_error = $3, run_after = now() + $4 * interval '1 millisecond'
         WHERE video_id = $1 AND lease_id = $2`,
        [c.videoId, c.leaseId, reason, delayMs],
      );
      await q.execute("UPDATE video SET status = 'queued', progress = 0, update_time = now() WHERE id = $1", [c.videoId]);
    });
  }

  /** Sent one after another, so the owner never sees an older percentage after a newer one. */
  private tell(ownerId: string | null, content: Record<string, unknown>): void {
    if (!ownerId) return;
    this.telling = this.telling
      .then(() => this.notifications.send([{ userId: ownerId, subject: 'video_progress', content, code: VIDEO_PROGRESS_CODE, persistent: false }]))
      .catch((err) => this.logger.warn('video progress not sent', { err }));
  }

  /** Stops taking jobs; the running ones are stopped and given back to the queue. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.videos.onQueued = undefined;
    await this.pumping;
    for (const r of this.running.values()) r.abort.abort();
    await Promise.all([...this.running.values()].map((r) => r.done));
  }
}

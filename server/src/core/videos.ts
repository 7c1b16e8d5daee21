// Uploaded videos: accepted once their upload is whole (type sniffed from the bytes, then read by ffprobe
// within the configured limits), encoded by the queue (video-queue.ts) and served by signed addresses.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type { VideoConfig } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { invalid, resourceExhausted } from '../errors.ts';
import type { Logger } from '../log.ts';
import { isUuid } from '../tokens.ts';
import { probe, ProcessError } from './ffmpeg.ts';

export const NOT_A_VIDEO = 'Можно загружать только видео (MP4, WebM, MOV, MKV, AVI).';
/** @internal */
export const CORRUPT_VIDEO = 'Видео повреждено или не читается.';
/** Why a video that failed every try is not shown. */
export const ENCODE_FAILED = 'Не удалось обработать видео.';

/** @internal */
export function tooLong(maxSec: number): string {
  const h = Math.floor(maxSec / 3600);
  const m = Math.floor((maxSec % 3600) / 60);
  const s = maxSec % 60;
  const parts = [h && `${h} ч`, m && `${m} мин`, s && `${s} с`].filter(Boolean).join(' ');
  return `Видео слишком длинное: не больше ${parts}.`;
}

/** @internal */
export function tooBig(maxSide: number): string {
  return `Разрешение видео слишком большое: не больше ${maxSide} точек по стороне.`;
}

/** @internal */
export function tooManyVideos(n: number): string {
  return `Достигнут предел: не больше ${n} видео на пользователя.`;
}

/** The refusal of an upload over VIDEO_MAX_BYTES. */
export function tooLarge(maxBytes: number): string {
  const mb = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(maxBytes / (1024 * 1024));
  return `Файл слишком большой (макс. ${mb} МБ).`;
}

export type VideoStatus = 'queued' | 'processing' | 'ready' | 'failed';

/** The renditions and poster of a ready video, each served at /uploads/videos/{id}/{name}. */
export const VIDEO_FILES = {
  'av1.mp4': 'video/mp4',
  'h264.mp4': 'video/mp4',
  'poster.webp': 'image/webp',
} as const;
export type VideoFileName = keyof typeof VIDEO_FILES;

export interface VideoInfo {
  id: string;
  ownerId: string | null;
  status: VideoStatus;
  progress: number;
  size: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  error: string | null;
  createTime: Date;
}

interface Row {
  id: string;
  owner_id: string | null;
  status: VideoStatus;
  progress: number;
  size: string;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
  error: string | null;
  create_time: Date;
}

const COLUMNS = 'id, owner_id, status, progress, size::text AS size, width, height, duration_ms, error, create_time';

function fromRow(r: Row): VideoInfo {
  return {
    id: r.id,
    ownerId: r.owner_id,
    status: r.status,
    progress: r.progress,
    size: Number(r.size),
    width: r.width,
    height: r.height,
    durationMs: r.duration_ms,
    error: r.error,
    createTime: r.create_time,
  };
}

export class Videos {
  /** Where videos live, one directory each. */
  readonly dir: string;
  /** Where the resumable uploads are written while they come. */
  readonly uploadDir: string;
  readonly config: VideoConfig;
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly urlKey: Buffer;
  /** Called after a video is queued: the queue starts at once instead of at its next poll. */
  onQueued: (() => void) | undefined;

  constructor(db: Db, dataDir: string, logger: Logger, config: VideoConfig, secret: string) {
    this.db = db;
    this.dir = path.join(dataDir, 'videos');
    this.uploadDir = path.join(dataDir, 'video-uploads');
    this.logger = logger;
    this.config = config;
    this.urlKey = crypto.createHmac('sha256', secret).update('video-url').digest();
  }

  get probeTimeoutMs(): number {
    return Math.max(10_000, (this.config.encodeTimeoutSec * 1000) / 10);
  }

  pathOf(id: string, name: VideoFileName | 'source'): string {
    return path.join(this.dir, id, name);
  }

  /**
   * ResourceExhausted when the owner has as many videos as allowed: videos (failed ones do not count) and
   * unfinished uploads together. Called under lockOwner, so parallel ones cannot overshoot.
   */
  private async checkQuota(ownerId: string, q: Queryable): Promise<void> {
    const rows = await q.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM video WHERE owner_id = $1 AND status <> 'failed')
            + (SELECT count(*) FROM video_upload WHERE owner_id = $1) AS n`,
      [ownerId],
    );
    if (Number(rows[0].n) >= this.config.perUser) throw resourceExhausted(tooManyVideos(this.config.perUser));
  }

  /** One owner's videos and uploads are counted and added one at a time (in the caller's transaction). */
  private async lockOwner(q: Queryable, ownerId: string): Promise<void> {
    await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`video-quota:${ownerId}`]);
  }

  /** Records a new unfinished upload of the owner; ResourceExhausted past the quota (checkQuota). */
  async openUpload(ownerId: string, uploadId: string): Promise<void> {
    await this.db.tx(async (q) => {
      await this.lockOwner(q, ownerId);
      await this.checkQuota(ownerId, q);
      await q.execute('INSERT INTO video_upload (id, owner_id) VALUES ($1, $2)', [uploadId, ownerId]);
    });
  }

  /** Forgets an unfinished upload: finished, refused or cancelled. */
  async closeUpload(uploadId: string): Promise<void> {
    await this.db.execute('DELETE FROM video_upload WHERE id = $1', [uploadId]);
  }

  /** Marks a video as used (a news item shows it), so that the clean-up keeps it; false when there is none. */
  async attach(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.db.execute('UPDATE video SET attach_time = coalesce(attach_time, now()) WHERE id = $1', [id.toLowerCase()])) > 0;
  }

  /**
   * What nobody finished or used within VIDEO_UPLOAD_EXPIRY_HOURS: the records of unfinished uploads (their
   * bytes are the upload store's to remove), and videos never attached, with their files. At most `batch`
   * videos a call.
   */
  async sweep(now = Date.now(), batch = 500): Promise<{ uploads: number; videos: number }> {
    const before = new Date(now - this.config.uploadExpiryHours * 3_600_000);
    const uploads = await this.db.execute('DELETE FROM video_upload WHERE create_time < $1', [before]);
    const gone = await this.db.query<{ id: string }>(
      `DELETE FROM video WHERE id IN (SELECT id FROM video WHERE attach_time IS NULL AND create_time < $1 ORDER BY create_time LIMIT $2)
         AND attach_time IS NULL RETURNING id`,
      [before, batch],
    );
    for (const { id } of gone) await fs.rm(path.join(this.dir, id), { recursive: true, force: true });
    return { uploads, videos: gone.length };
  }

  /**
   * Takes a whole upload: refused (InvalidArgument, Russian message; the file removed) unless its bytes are
   * a video container that ffprobe reads within the limits; otherwise moved into the video's directory and
   * queued for encoding in one transaction with the quota check, which also ends the upload's record.
   */
  async accept(ownerId: string, file: string, uploadId?: string): Promise<VideoInfo> {
    try {
      const size = (await fs.stat(file)).size;
      const sniffed = await fileTypeFromFile(file).catch(() => undefined);
      if (!sniffed || !sniffed.mime.startsWith('video/')) throw invalid(NOT_A_VIDEO);
      let p;
      try {
        p = await probe(file, this.probeTimeoutMs);
      } catch (err) {
        this.logger.debug('video refused', { reason: err instanceof Error ? err.message : String(err) });
        if (err instanceof ProcessError) throw invalid(CORRUPT_VIDEO);
        throw err;
      }
      if (!(p.duration > 0)) throw invalid(CORRUPT_VIDEO);
      if (p.duration > this.config.maxDurationSec) throw invalid(tooLong(this.config.maxDurationSec));
      if (Math.max(p.width, p.height) > this.config.maxSide) throw invalid(tooBig(this.config.maxSide));

      const id = crypto.randomUUID();
      const dir = path.join(this.dir, id);
      await fs.mkdir(dir, { recursive: true });
      await fs.rename(file, this.pathOf(id, 'source'));
      try {
        const info = await this.db.tx(async (q) => {
          await this.lockOwner(q, ownerId);
          // The upload becomes the video: it no longer counts as an upload.
          if (uploadId !== undefined) await q.execute('DELETE FROM video_upload WHERE id = $1', [uploadId]);
          await this.checkQuota(ownerId, q);
          const rows = await q.query<Row>(
            `INSERT INTO video (id, owner_id, status, size, width, height, duration_ms) VALUES ($1, $2, 'queued', $3, $4, $5, $6)
             RETURNING ${COLUMNS}`,
            [id, ownerId, size, p.width, p.height, Math.round(p.duration * 1000)],
          );
          await q.execute('INSERT INTO video_job (video_id) VALUES ($1)', [id]);
          return fromRow(rows[0]);
        });
        this.onQueued?.();
        return info;
      } catch (err) {
        await fs.rm(dir, { recursive: true, force: true });
        throw err;
      }
    } finally {
      await fs.rm(file, { force: true });
    }
  }

  /**
   * Removes a video: its row (and queued job) and its files. An encoding under way loses its lease and
   * is stopped by its worker.
   */
  async remove(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const gone = await this.db.execute('DELETE FROM video WHERE id = $1', [id.toLowerCase()]);
    if (gone) await fs.rm(path.join(this.dir, id.toLowerCase()), { recursive: true, force: true });
    return gone > 0;
  }

  /** The videos of the given ids that exist (malformed ids are skipped). */
  async get(ids: string[]): Promise<Map<string, VideoInfo>> {
    const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    const out = new Map<string, VideoInfo>();
    if (!wanted.length) return out;
    const rows = await this.db.query<Row>(`SELECT ${COLUMNS} FROM video WHERE id = ANY($1::uuid[])`, [wanted]);
    for (const r of rows) out.set(r.id, fromRow(r));
    return out;
  }

  /**
   * The address of a ready video's file, signed: valid for at least VIDEO_URL_TTL_SEC and at most twice
   * that. The expiry is rounded to the period, so the same viewer gets the same address (and its cache)
   * within one period.
   */
  url(id: string, name: VideoFileName, now = Date.now()): string {
    const ttl = this.config.urlTtlSec;
    const exp = (Math.floor(now / 1000 / ttl) + 2) * ttl;
    return `/uploads/videos/${id}/${name}?e=${exp}&s=${this.sign(id, exp)}`;
  }

  private sign(id: string, exp: number): string {
    return crypto.createHmac('sha256', this.urlKey).update(`${id.toLowerCase()}.${exp}`).digest('base64url');
  }

  /** Whether a signature and expiry given with a video's address are its own and still valid. */
  verify(id: string, exp: string | null, sig: string | null, now = Date.now()): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 < now) return false;
    const want = Buffer.from(this.sign(id, Number(exp)));
    const got = Buffer.from(sig);
    return want.length === got.length && crypto.timingSafeEqual(want, got);
  }
}

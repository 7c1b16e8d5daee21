// The file store: uploaded images, re-encoded to WebP, with their bytes in DATA_DIR/uploads/<id> and
// their metadata in the `file` table. Only images are accepted: the product uploads nothing else.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Limits } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { AppError, Code, invalid, resourceExhausted } from '../errors.ts';
import type { Logger } from '../log.ts';
import { isUuid } from '../tokens.ts';

/** @internal */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/**
 * Longest side of a stored image; larger ones are scaled down.
 * @internal
 */
export const MAX_IMAGE_SIDE = 4096;
const WEBP_QUALITY = 80;
/** The widths an image is also served in (GET /uploads/{id}?w=), for srcset: a page loads the size it shows. */
export const IMAGE_WIDTHS = [160, 320, 640, 960, 1280] as const;

// Every upload is a new image: libvips' operation cache would only hold on to memory.
sharp.cache(false);

/** @internal */
export const TOO_LARGE = 'Файл слишком большой (макс. 5MB)';
/** @internal */
export const ONLY_IMAGES = 'Можно загружать только изображения (JPEG, PNG, WebP, GIF, AVIF).';
/** @internal */
export const CORRUPT = 'Изображение повреждено или не читается.';
const EMPTY = 'Файл пуст.';
const HEIC_UNSUPPORTED = 'Формат HEIC не поддерживается: сохраните фото как JPEG.';
/** @internal */
export const BUSY = 'Сервер занят обработкой изображений, попробуйте через минуту.';

/**
 * The refusal of an image over IMAGE_MAX_PIXELS, in megapixels ("40 Мп", "0,5 Мп").
 * @internal
 */
export function tooManyPixels(maxPixels: number): string {
  const mp = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(maxPixels / 1_000_000);
  return `Изображение слишком большое: не больше ${mp} Мп.`;
}

/**
 * The refusal of an upload past LIMIT_UPLOAD_QUOTA_BYTES.
 * @internal
 */
export function quotaExceeded(quotaBytes: number): string {
  return `Достигнут предел: не больше ${formatBytes(quotaBytes)} загруженных файлов на пользователя.`;
}

function formatBytes(n: number): string {
  const f = (v: number) => new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 }).format(v);
  if (n >= 1024 * 1024 * 1024) return `${f(n / (1024 * 1024 * 1024))} ГБ`;
  if (n >= 1024 * 1024) return `${f(n / (1024 * 1024))} МБ`;
  if (n >= 1024) return `${f(n / 1024)} КБ`;
  return `${n} Б`;
}

/** What the file store takes from the configured limits. */
export type FileLimits = Pick<Limits, 'uploadQuotaBytes' | 'imageMaxPixels' | 'imageDecodeConcurrency' | 'imageDecodeQueue'>;

/**
 * A counting semaphore with a bounded line: at most `slots` holders, at most `maxQueue` waiting.
 * A released slot passes straight to the first in line, so nobody overtakes the queue.
 */
export class Gate {
  private readonly slots: number;
  private readonly maxQueue: number;
  private readonly line: (() => void)[] = [];
  private holders = 0;
  private highest = 0;

  constructor(slots: number, maxQueue: number) {
    this.slots = slots;
    this.maxQueue = maxQueue;
  }

  /** Takes a slot, waiting in line for one; false (nothing taken) when the line is full. */
  async enter(): Promise<boolean> {
    if (this.holders < this.slots) {
      this.holders++;
      this.highest = Math.max(this.highest, this.holders);
      return true;
    }
    if (this.line.length >= this.maxQueue) return false;
    await new Promise<void>((resolve) => this.line.push(resolve));
    return true;
  }

  /** Gives back a slot taken by enter(). */
  leave(): void {
    const next = this.line.shift();
    if (next) next();
    else this.holders--;
  }

  /** Holders now, waiting now, and the most holders ever at once (a gauge for tests and the bench). */
  get stats(): { active: number; queued: number; peak: number } {
    return { active: this.holders, queued: this.line.length, peak: this.highest };
  }
}

// The type sniffed from the bytes, and the format the decoder must agree on.
const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'heif',
  'image/heic': 'heif',
  'image/heif': 'heif',
};
// A declared format is a MIME type or an extension; it is only checked to be an image, never trusted.
const DECLARED_IMAGE = /^(?:image\/[\w.+-]+|jpe?g|png|webp|gif|avif|hei[cf])$/i;
// A temp file older than this was left by a crash, not by an upload in progress.
const STALE_TEMP_MS = 60 * 60 * 1000;
const TEMP_PREFIX = '.tmp-';

export interface FileInfo {
  id: string;
  ownerId: string | null;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Hex SHA-256 of the stored bytes. */
  sha256: string;
  createTime: Date;
}

export interface StoredFile extends FileInfo {
  bytes: Buffer;
}

interface Row {
  id: string;
  owner_id: string | null;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  create_time: Date;
}

const COLUMNS = 'id, owner_id, mime, size, width, height, sha256, create_time';

function fromRow(r: Row): FileInfo {
  return {
    id: r.id,
    ownerId: r.owner_id,
    mime: r.mime,
    size: r.size,
    width: r.width,
    height: r.height,
    sha256: r.sha256,
    createTime: r.create_time,
  };
}

export class Files {
  readonly dir: string;
  private readonly db: Db;
  private readonly logger: Logger;
  private readonly limits: FileLimits;
  /** Decoding an image takes memory in proportion to its pixels: only a few are decoded at once. */
  readonly decoders: Gate;
  private ready: Promise<void> | undefined;
  /** Scalings under way, by file name (id.wN). */
  private readonly scaling = new Map<string, Promise<Buffer | undefined>>();

  constructor(db: Db, dataDir: string, logger: Logger, limits: FileLimits) {
    this.db = db;
    this.dir = path.join(dataDir, 'uploads');
    this.logger = logger;
    this.limits = limits;
    this.decoders = new Gate(limits.imageDecodeConcurrency, limits.imageDecodeQueue);
  }

  /** Validates, re-encodes and stores an image; declaredFormat is the client's claim, checked only to be an image. */
  async upload(ownerId: string | null, bytes: Uint8Array, declaredFormat = ''): Promise<FileInfo> {
    if (bytes.length > MAX_FILE_BYTES) throw invalid(TOO_LARGE);
    if (bytes.length === 0) throw invalid(EMPTY);
    const declared = declaredFormat.trim().replace(/^\./, '');
    if (declared && !DECLARED_IMAGE.test(declared)) throw invalid(ONLY_IMAGES);
    const sniffed = await fileTypeFromBuffer(bytes);
    if (!sniffed || !(sniffed.mime in IMAGE_TYPES)) throw invalid(ONLY_IMAGES);
    // A full quota is refused before the costly decoding; the exact check is made with the insert.
    if (ownerId !== null) await this.checkQuota(this.db, ownerId, 1);
    const image = await this.toWebp(bytes, sniffed.mime);
    if (image.data.length > MAX_FILE_BYTES) throw invalid(TOO_LARGE);

    await this.ensureDir();
    const id = crypto.randomUUID();
    const sha256 = crypto.createHash('sha256').update(image.data).digest('hex');
    await this.writeAtomically(id, image.data);
    // The row comes after the file, so no row ever points at missing bytes.
    try {
      return await this.db.tx(async (q) => {
        if (ownerId !== null) {
          // One owner's uploads are counted and inserted one at a time, so parallel ones cannot overshoot.
          await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`file-quota:${ownerId}`]);
          await this.checkQuota(q, ownerId, image.data.length);
        }
        const rows = await q.query<Row>(
          `INSERT INTO file (id, owner_id, mime, size, width, height, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)
           RETURNING ${COLUMNS}`,
          [id, ownerId, 'image/webp', image.data.length, image.width, image.height, sha256],
        );
        return fromRow(rows[0]);
      });
    } catch (err) {
      await fs.rm(this.pathOf(id), { force: true });
      throw err;
    }
  }

  /** Bytes stored for an owner's uploads (the re-encoded sizes). */
  async usedBytes(q: Queryable, ownerId: string): Promise<number> {
    const rows = await q.query<{ used: string }>('SELECT COALESCE(sum(size), 0)::text AS used FROM file WHERE owner_id = $1', [ownerId]);
    return Number(rows[0].used);
  }

  /** ResourceExhausted when adding bytes would take the owner past the quota. */
  private async checkQuota(q: Queryable, ownerId: string, bytes: number): Promise<void> {
    const quota = this.limits.uploadQuotaBytes;
    if ((await this.usedBytes(q, ownerId)) + bytes > quota) throw resourceExhausted(quotaExceeded(quota));
  }

  /**
   * Reads the header (format, dimensions) and refuses too many pixels before decoding anything; then,
   * holding one of the few decoder slots, decodes (EXIF orientation applied), scales down and encodes
   * as WebP. Metadata is not copied.
   */
  private async toWebp(bytes: Uint8Array, mime: string): Promise<Encoded> {
    const maxPixels = this.limits.imageMaxPixels;
    let entered = false;
    try {
      const input = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'warning' });
      const meta = await input.metadata();
      if (meta.format !== IMAGE_TYPES[mime]) throw invalid(ONLY_IMAGES);
      if (meta.width * meta.height > maxPixels) throw invalid(tooManyPixels(maxPixels));
      entered = await this.decoders.enter();
      if (!entered) throw new AppError(Code.Unavailable, BUSY);
      const { data, info } = await input
        .rotate()
        .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch (err) {
      if (err instanceof AppError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      this.logger.debug('image refused', { mime, reason: message });
      if (/pixel limit/i.test(message)) throw invalid(tooManyPixels(maxPixels));
      if (mime === 'image/heic' || mime === 'image/heif') throw invalid(HEIC_UNSUPPORTED);
      throw invalid(CORRUPT);
    } finally {
      if (entered) this.decoders.leave();
    }
  }

  /** Metadata of a stored file; undefined for an unknown or malformed id. */
  async info(id: string): Promise<FileInfo | undefined> {
    if (!isUuid(id)) return undefined;
    const rows = await this.db.query<Row>(`SELECT ${COLUMNS} FROM file WHERE id = $1`, [id]);
    return rows.length ? fromRow(rows[0]) : undefined;
  }

  /** A stored file with its bytes; undefined for an unknown or malformed id. */
  async get(id: string): Promise<StoredFile | undefined> {
    const info = await this.info(id);
    if (!info) return undefined;
    const bytes = await this.read(info);
    return bytes && { ...info, bytes };
  }

  /** The bytes of a file whose metadata was read; undefined (and logged) when they are missing on disk. */
  async read(info: FileInfo): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.pathOf(info.id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      this.logger.error('stored file is missing on disk', { id: info.id, dir: this.dir });
      return undefined;
    }
  }

  /**
   * The bytes of an image at one of IMAGE_WIDTHS: made once (holding a decoder slot) and kept beside the
   * original; the original itself when it is not wider. Parallel first requests share the one scaling.
   */
  async readScaled(info: FileInfo, width: (typeof IMAGE_WIDTHS)[number]): Promise<Buffer | undefined> {
    if (info.mime !== 'image/webp' || !info.width || info.width <= width) return this.read(info);
    const name = `${info.id}.w${width}`;
    try {
      return await fs.readFile(this.pathOf(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    let scaling = this.scaling.get(name);
    if (!scaling) {
      scaling = this.scale(info, width, name).finally(() => this.scaling.delete(name));
      this.scaling.set(name, scaling);
    }
    return scaling;
  }

  private async scale(info: FileInfo, width: number, name: string): Promise<Buffer | undefined> {
    const original = await this.read(info);
    if (!original) return undefined;
    if (!(await this.decoders.enter())) throw new AppError(Code.Unavailable, BUSY);
    try {
      const data = await sharp(original, { limitInputPixels: this.limits.imageMaxPixels }).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
      await this.ensureDir();
      await this.writeAtomically(name, data);
      return data;
    } finally {
      this.decoders.leave();
    }
  }

  private pathOf(id: string): string {
    return path.join(this.dir, id);
  }

  /** Creates the directory on first use and removes temp files a crash left behind. */
  private ensureDir(): Promise<void> {
    this.ready ??= (async () => {
      await fs.mkdir(this.dir, { recursive: true });
      const now = Date.now();
      for (const name of await fs.readdir(this.dir)) {
        if (!name.startsWith(TEMP_PREFIX)) continue;
        const p = path.join(this.dir, name);
        const stat = await fs.stat(p).catch(() => undefined);
        if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(p, { force: true });
      }
    })().catch((err) => {
      this.ready = undefined;
      throw err;
    });
    return this.ready;
  }

  /** Temp file, fsync, rename: readers and crashes see the whole file or none. */
  private async writeAtomically(id: string, data: Buffer): Promise<void> {
    const tmp = path.join(this.dir, `${TEMP_PREFIX}${id}-${crypto.randomBytes(4).toString('hex')}`);
    try {
      const fh = await fs.open(tmp, 'wx', 0o644);
      try {
        await fh.writeFile(data);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await fs.rename(tmp, this.pathOf(id));
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    await syncDir(this.dir);
  }
}

/** Makes a rename durable; not every platform can fsync a directory, which is then skipped. */
async function syncDir(dir: string): Promise<void> {
  let fh: fs.FileHandle | undefined;
  try {
    fh = await fs.open(dir, 'r');
    await fh.sync();
  } catch {
    // Best effort.
  } finally {
    await fh?.close();
  }
}

interface Encoded {
  data: Buffer;
  width: number;
  height: number;
}

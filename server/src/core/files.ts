// The file store: uploaded images, re-encoded to WebP, with their bytes in DATA_DIR/uploads/<id> and
// their metadata in the `file` table. Only images are accepted: the product uploads nothing else.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Db } from '../db/index.ts';
import { AppError, invalid } from '../errors.ts';
import type { Logger } from '../log.ts';
import { isUuid } from './tokens.ts';

export const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Longest side of a stored image; larger ones are scaled down. */
export const MAX_IMAGE_SIDE = 4096;
/** Larger inputs are refused before decoding (decompression bombs). */
export const MAX_INPUT_PIXELS = 8192 * 8192;
const WEBP_QUALITY = 80;

export const TOO_LARGE = 'Файл слишком большой (макс. 5MB)';
export const ONLY_IMAGES = 'Можно загружать только изображения (JPEG, PNG, WebP, GIF, AVIF).';
export const CORRUPT = 'Изображение повреждено или не читается.';
const EMPTY = 'Файл пуст.';
const TOO_MANY_PIXELS = 'Изображение слишком большое: не больше 8192 × 8192 точек.';
const HEIC_UNSUPPORTED = 'Формат HEIC не поддерживается: сохраните фото как JPEG.';

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
  private ready: Promise<void> | undefined;

  constructor(db: Db, dataDir: string, logger: Logger) {
    this.db = db;
    this.dir = path.join(dataDir, 'uploads');
    this.logger = logger;
  }

  /** Validates, re-encodes and stores an image; declaredFormat is the client's claim, checked only to be an image. */
  async upload(ownerId: string | null, bytes: Uint8Array, declaredFormat = ''): Promise<FileInfo> {
    if (bytes.length > MAX_FILE_BYTES) throw invalid(TOO_LARGE);
    if (bytes.length === 0) throw invalid(EMPTY);
    const declared = declaredFormat.trim().replace(/^\./, '');
    if (declared && !DECLARED_IMAGE.test(declared)) throw invalid(ONLY_IMAGES);
    const sniffed = await fileTypeFromBuffer(bytes);
    if (!sniffed || !(sniffed.mime in IMAGE_TYPES)) throw invalid(ONLY_IMAGES);
    const image = await toWebp(bytes, sniffed.mime, this.logger);
    if (image.data.length > MAX_FILE_BYTES) throw invalid(TOO_LARGE);

    await this.ensureDir();
    const id = crypto.randomUUID();
    const sha256 = crypto.createHash('sha256').update(image.data).digest('hex');
    await this.writeAtomically(id, image.data);
    // The row comes after the file, so no row ever points at missing bytes.
    try {
      const rows = await this.db.query<Row>(
        `INSERT INTO file (id, owner_id, mime, size, width, height, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${COLUMNS}`,
        [id, ownerId, 'image/webp', image.data.length, image.width, image.height, sha256],
      );
      return fromRow(rows[0]);
    } catch (err) {
      await fs.rm(this.pathOf(id), { force: true });
      throw err;
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

/** Decodes (EXIF orientation applied), scales down and encodes as WebP; metadata is not copied. */
async function toWebp(bytes: Uint8Array, mime: string, logger: Logger): Promise<Encoded> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    const meta = await input.metadata();
    if (meta.format !== IMAGE_TYPES[mime]) throw invalid(ONLY_IMAGES);
    const { data, info } = await input
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    const message = err instanceof Error ? err.message : String(err);
    logger.debug('image refused', { mime, reason: message });
    if (/pixel limit/i.test(message)) throw invalid(TOO_MANY_PIXELS);
    if (mime === 'image/heic' || mime === 'image/heif') throw invalid(HEIC_UNSUPPORTED);
    throw invalid(CORRUPT);
  }
}

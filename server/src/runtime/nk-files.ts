// The `nk` facade's files: uploads stored as WebP and served at /uploads/{id}, and reading them back.
import type { Core } from '../core/index.ts';
import type { FileInfo } from '../core/files.ts';
import type { VideoStatus } from '../core/videos.ts';
import { invalid } from '../errors.ts';
import { isUuid } from '../tokens.ts';

/** A stored file: uploads are images re-encoded to WebP. */
export interface NkFile {
  id: string;
  mime: string;
  size: number;
  width?: number;
  height?: number;
}

export interface NkFileContent extends NkFile {
  bytes: Buffer;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** Null once the uploader's account is deleted, or for files the module stored itself. */
  ownerId: string | null;
  createTime: Date;
}

/** An uploaded video (POST /v2/video-uploads, tus): its state, and once ready its signed addresses. */
export interface NkVideo {
  id: string;
  ownerId: string | null;
  status: VideoStatus;
  /** Percent of the encoding done, 0 to 100. */
  progress: number;
  width?: number;
  height?: number;
  durationMs?: number;
  /** Why it failed, in Russian, for its owner. */
  error?: string;
  /**
   * Signed addresses of the AV1 and H.264 renditions (MP4) and the WebP poster, only when ready: hand them
   * only to whoever may see the video (VIDEO_URL_TTL_SEC).
   */
  urls?: { av1: string; h264: string; poster: string };
}

export interface NkFiles {
  /** Uploaded videos of the given ids that exist, by id (lower case). */
  videosGet(ids: string[]): Promise<Map<string, NkVideo>>;
  /** Removes an uploaded video and its files (an encoding under way stops); false when there was none. */
  videoDelete(id: string): Promise<boolean>;
  /**
   * Marks an uploaded video as used (something shows it); false when there is none. A video nobody attached
   * within VIDEO_UPLOAD_EXPIRY_HOURS of its upload is removed with its files by the hourly clean-up.
   */
  videoAttach(id: string): Promise<boolean>;
  /**
   * Stores an image (at most 5 MB; type sniffed from the bytes, declaredFormat only checked to be an image)
   * as WebP, served at /uploads/{id}. Refusals are InvalidArgument with a Russian message; ResourceExhausted
   * past the owner's quota (LIMIT_UPLOAD_QUOTA_BYTES), Unavailable when too many images wait for decoding.
   */
  fileUpload(ownerId: string | null, bytes: Uint8Array, declaredFormat?: string): Promise<NkFile>;
  /** A stored file with its bytes; undefined for an unknown or malformed id. */
  fileGet(id: string): Promise<NkFileContent | undefined>;
  /** A stored file's metadata without reading its bytes; undefined for an unknown or malformed id. */
  fileInfo(id: string): Promise<NkFile | undefined>;
}

function nkFile(f: FileInfo): NkFile {
  const out: NkFile = { id: f.id, mime: f.mime, size: f.size };
  if (f.width !== null) out.width = f.width;
  if (f.height !== null) out.height = f.height;
  return out;
}

export function fileNk(core: Core): NkFiles {
  return {
    async videosGet(ids) {
      const out = new Map<string, NkVideo>();
      for (const [id, v] of await core.videos.get(ids)) {
        const nv: NkVideo = { id, ownerId: v.ownerId, status: v.status, progress: v.progress };
        if (v.width !== null) nv.width = v.width;
        if (v.height !== null) nv.height = v.height;
        if (v.durationMs !== null) nv.durationMs = v.durationMs;
        if (v.error) nv.error = v.error;
        if (v.status === 'ready') {
          nv.urls = { av1: core.videos.url(id, 'av1.mp4'), h264: core.videos.url(id, 'h264.mp4'), poster: core.videos.url(id, 'poster.webp') };
        }
        out.set(id, nv);
      }
      return out;
    },
    videoDelete: (id) => core.videos.remove(id),
    videoAttach: (id) => core.videos.attach(id),
    async fileUpload(ownerId, bytes, declaredFormat = '') {
      if (ownerId !== null && !isUuid(ownerId)) throw invalid('Invalid user id.');
      return nkFile(await core.files.upload(ownerId, bytes, declaredFormat));
    },
    async fileGet(id) {
      const f = await core.files.get(id);
      return f && { ...nkFile(f), bytes: f.bytes, sha256: f.sha256, ownerId: f.ownerId, createTime: f.createTime };
    },
    async fileInfo(id) {
      const f = await core.files.info(id);
      return f && nkFile(f);
    },
  };
}

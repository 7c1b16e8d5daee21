// The `nk` facade's files: uploads stored as WebP and served at /uploads/{id}, and reading them back.
import type { Core } from '../core/index.ts';
import type { FileInfo } from '../core/files.ts';
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

export interface NkFiles {
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

// download_file: an uploaded file's bytes (base64) and metadata. Images are shown from /uploads/{uuid}
// (see upload.ts); this is for code that needs the bytes themselves.
import { ApiError } from './errors.ts';
import { rpc } from './rpc.ts';

interface FileMetadata {
  mime: string;
  size: number;
  width?: number | null;
  height?: number | null;
  create_time?: string;
}

export interface DownloadedFile {
  /** Base64, without a data: prefix. */
  content: string;
  metadata: FileMetadata;
}

/** The client's own errors for files (spec, section 8), in English as the spec gives them: not for display. */
const FILE_ERRORS = {
  downloadFailed: 'File download failed',
  invalidResponse: 'Invalid file response',
} as const;

/**
 * The file with the given id. A failed call throws 'File download failed' (keeping the call's status and
 * code, and the call's error as the cause); an answer without both content and metadata throws
 * 'Invalid file response'.
 */
export async function downloadFile(uuid: string): Promise<DownloadedFile> {
  let answer: unknown;
  try {
    answer = await rpc('download_file', { uuid });
  } catch (err) {
    const api = err instanceof ApiError ? err : undefined;
    throw new ApiError(api?.status ?? 0, api?.code ?? 2, FILE_ERRORS.downloadFailed, { cause: err });
  }
  const file = answer as Partial<DownloadedFile> | null | undefined;
  if (!file || typeof file.content !== 'string' || !file.metadata || typeof file.metadata !== 'object') {
    throw new ApiError(200, 13, FILE_ERRORS.invalidResponse);
  }
  return { content: file.content, metadata: file.metadata };
}

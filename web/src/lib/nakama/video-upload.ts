// Video uploads by the tus protocol (POST /v2/video-uploads): sent in chunks, each retried after a dropped
// connection; the upload's address is kept in localStorage under the file's fingerprint, so choosing the
// same file again (after a reload too) continues from the last byte the server has.
import * as tus from 'tus-js-client';
import { ApiError } from './errors.ts';
import { sessionManager } from './session.ts';

const CHUNK_BYTES = 8 * 1024 * 1024;

export interface VideoUpload {
  /** The uploaded video's id, once the server has checked and queued it. */
  done: Promise<string>;
  /** Stops the upload and removes what was sent. */
  cancel(): void;
}

function apiErrorOf(err: unknown): ApiError {
  const res = (err as tus.DetailedError | undefined)?.originalResponse;
  if (res) {
    try {
      const body = JSON.parse(res.getBody()) as { code?: number; message?: string };
      return new ApiError(res.getStatus(), body.code ?? 2, body.message || `HTTP ${res.getStatus()}`);
    } catch {
      return new ApiError(res.getStatus(), 2, `HTTP ${res.getStatus()}`);
    }
  }
  return new ApiError(0, 14, err instanceof Error ? err.message : 'Video upload failed');
}

/** Uploads a video file; onProgress gets the fraction sent (0 to 1). */
export function uploadVideo(file: File, onProgress?: (fraction: number) => void): VideoUpload {
  let upload: tus.Upload | undefined;
  let cancelled = false;
  const done = (async () => {
    await sessionManager.current();
    return new Promise<string>((resolve, reject) => {
      upload = new tus.Upload(file, {
        endpoint: '/v2/video-uploads',
        // Each request takes the session's current token: a long upload outlives the one it started with.
        onBeforeRequest: async (req) => {
          req.setHeader('Authorization', `Bearer ${(await sessionManager.current()).token}`);
        },
        chunkSize: CHUNK_BYTES,
        retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
        removeFingerprintOnSuccess: true,
        metadata: { filename: file.name, filetype: file.type },
        onProgress: (sent, total) => onProgress?.(total ? sent / total : 0),
        onSuccess: ({ lastResponse }) => {
          const id = lastResponse.getHeader('Video-Id');
          if (id) resolve(id);
          else reject(new ApiError(lastResponse.getStatus(), 13, 'Video upload failed'));
        },
        onError: (err) => reject(apiErrorOf(err)),
      });
      if (cancelled) return;
      const u = upload;
      u.findPreviousUploads().then((previous) => {
        if (previous.length) u.resumeFromPreviousUpload(previous[0]);
        u.start();
      }, () => u.start());
    });
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      void upload?.abort(true).catch(() => {});
    },
  };
}

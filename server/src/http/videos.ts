// Videos over HTTP: resumable uploads by the tus protocol at /v2/video-uploads (registered users, each
// upload only by its creator, bodies streamed to disk), and the encoded files at
// /uploads/videos/{id}/{name}?e=&s= with range requests, for addresses signed by whoever may see the video.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server as TusServer } from '@tus/server';
import type { Accounts } from '../core/accounts.ts';
import type { Sessions } from '../core/sessions.ts';
import { tooLarge, VIDEO_FILES, type VideoFileName, type Videos } from '../core/videos.ts';
import { AppError, Code, httpStatus, resourceExhausted } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { LimitStore } from '../realtime/bus.ts';
import { isUuid } from '../tokens.ts';
import type { Incoming } from './body.ts';

const VIDEO_UPLOAD_PATH = '/v2/video-uploads';
const VIDEO_FILES_PREFIX = '/uploads/videos/';
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const SIGN_IN = 'Войдите или зарегистрируйтесь, чтобы загружать видео.';
const UPLOAD_NOT_FOUND = 'Загрузка не найдена.';

/** A refusal as the tus server sends it: the status and the gateway's error body. */
function refusal(err: AppError): { status_code: number; body: string } {
  return { status_code: httpStatus(err.code), body: JSON.stringify({ code: err.code, error: err.message, message: err.message }) };
}

export interface VideoUploads {
  handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;
  /**
   * Removes unfinished uploads older than VIDEO_UPLOAD_EXPIRY_HOURS (bytes and records), and videos nobody
   * attached within that time (core/videos.ts: sweep).
   */
  cleanUp(): Promise<{ uploads: number; videos: number }>;
}

/**
 * The refusal of an upload started past LIMIT_VIDEO_UPLOADS_PER_USER_HOUR.
 * @internal
 */
export function tooManyUploads(perHour: number, retryAfterSec: number): string {
  return `Слишком много загрузок: не больше ${perHour} в час. Попробуйте снова через ${Math.ceil(retryAfterSec / 60)} мин.`;
}

export function videoUploads(videos: Videos, sessions: Sessions, accounts: Accounts, limits: LimitStore, logger: Logger): VideoUploads {
  const uids = new WeakMap<Request, string>();
  const starts = limits.rate('video.uploads_per_user', videos.config.uploadsPerUserHour, 3600);
  // Made at the first upload request (or clean-up), not at start: FileStore's constructor makes its
  // directory asynchronously and throws from that callback when it cannot, which no idle server should risk.
  let tus: TusServer | undefined;
  const server = (): TusServer => (tus ??= make());

  function make(): TusServer {
    fs.mkdirSync(videos.uploadDir, { recursive: true });
    const store = new FileStore({ directory: videos.uploadDir, expirationPeriodInMilliseconds: videos.config.uploadExpiryHours * 3_600_000 });
    const tusServer = new TusServer({
      path: VIDEO_UPLOAD_PATH,
      datastore: store,
      maxSize: videos.config.maxBytes,
      relativeLocation: true,
      respectForwardedHeaders: false,
      exposedHeaders: ['Video-Id'],
      // Only a registered user, and for an existing upload only its creator: another's upload is unknown.
      async onIncomingRequest(req, uploadId) {
        const auth = req.headers.get('authorization') ?? '';
        const claims = auth.startsWith('Bearer ') ? sessions.verifySession(auth.slice(7)) : null;
        if (!claims) throw refusal(new AppError(Code.Unauthenticated, SIGN_IN));
        if ((await accounts.kind(claims.uid)) !== 'registered') throw refusal(new AppError(Code.PermissionDenied, SIGN_IN));
        uids.set(req, claims.uid);
        if (req.method === 'POST' || req.method === 'OPTIONS') return;
        if (!UPLOAD_ID.test(uploadId)) throw refusal(new AppError(Code.NotFound, UPLOAD_NOT_FOUND));
        const upload = await store.getUpload(uploadId).catch(() => undefined);
        if (!upload || upload.metadata?.owner !== claims.uid) throw refusal(new AppError(Code.NotFound, UPLOAD_NOT_FOUND));
      },
      async onUploadCreate(req, upload) {
        const uid = uids.get(req)!;
        if (upload.size === undefined) throw refusal(new AppError(Code.InvalidArgument, 'Укажите размер файла (Upload-Length).'));
        const rate = await starts.consume(uid);
        if (!rate.allowed) throw refusal(resourceExhausted(tooManyUploads(videos.config.uploadsPerUserHour, rate.retryAfterSec), rate.retryAfterSec));
        try {
          await videos.openUpload(uid, upload.id);
        } catch (err) {
          if (err instanceof AppError) throw refusal(err);
          throw err;
        }
        return { metadata: { ...upload.metadata, owner: uid } };
      },
      // The whole upload is checked and queued before the last PATCH is answered; the answer carries the
      // video's id (header Video-Id and a JSON body). A refusal removes the upload.
      async onUploadFinish(req, upload) {
        const uid = uids.get(req)!;
        const file = path.join(videos.uploadDir, upload.id);
        try {
          const v = await videos.accept(uid, file, upload.id);
          return { status_code: 200, headers: { 'Video-Id': v.id, 'Content-Type': 'application/json' }, body: JSON.stringify({ video_id: v.id, status: v.status }) };
        } catch (err) {
          if (err instanceof AppError) throw refusal(err);
          logger.error('video upload failed', { err });
          throw refusal(new AppError(Code.Internal, 'Internal error'));
        } finally {
          await fsp.rm(`${file}.json`, { force: true });
          await fsp.rm(file, { force: true });
          await videos.closeUpload(upload.id);
        }
      },
      async onResponseError(_req, err) {
        if ('status_code' in err && err.status_code === 413) return refusal(new AppError(Code.InvalidArgument, tooLarge(videos.config.maxBytes)));
        return undefined;
      },
    });
    // A cancelled upload (DELETE) no longer counts against its owner's quota.
    tusServer.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
      videos.closeUpload(id).catch((err: unknown) => logger.warn('video upload record not removed', { err }));
    });
    return tusServer;
  }

  return {
    async handle(req, res) {
      await server().handle(req, res);
    },
    async cleanUp() {
      await server().cleanUpExpiredUploads();
      return videos.sweep();
    },
  };
}

/** The file and type a /uploads/videos/ path names, when its signature is valid and the video is ready. */
async function resolve(videos: Videos, urlPath: string, qs: string): Promise<{ file: string; type: string; id: string } | undefined> {
  const [id, name, ...rest] = urlPath.slice(VIDEO_FILES_PREFIX.length).split('/');
  if (rest.length || !isUuid(id) || !(name in VIDEO_FILES)) return undefined;
  const params = new URLSearchParams(qs);
  if (!videos.verify(id, params.get('e'), params.get('s'))) return undefined;
  const v = (await videos.get([id])).get(id.toLowerCase());
  if (!v || v.status !== 'ready') return undefined;
  return { file: videos.pathOf(v.id, name as VideoFileName), type: VIDEO_FILES[name as VideoFileName], id: v.id };
}

/** Resumable video uploads (streamed to disk by the tus server, never through the body reader) and the encoded files. */
export interface VideoHttp {
  uploads: VideoUploads;
  store: Videos;
}

const UPLOAD_ROUTE = { method: 'TUS', path: VIDEO_UPLOAD_PATH } as const;
const FILE_ROUTE = { method: 'GET', path: '/uploads/videos/{id}/{name}' } as const;

/** Whether a path is one of the video routes: every other request goes on without an await here. */
export function isVideoPath(urlPath: string): boolean {
  return urlPath.startsWith(VIDEO_UPLOAD_PATH) || urlPath.startsWith(VIDEO_FILES_PREFIX);
}

/** Answers a tus request or a video file's GET|HEAD; false for any other request. */
export async function videoRequest(v: VideoHttp, req: Incoming, res: http.ServerResponse, method: string, urlPath: string, qs: string): Promise<boolean> {
  if (urlPath === VIDEO_UPLOAD_PATH || urlPath.startsWith(`${VIDEO_UPLOAD_PATH}/`)) {
    req.route = UPLOAD_ROUTE;
    res.setHeader('X-Request-Id', req.reqId);
    await v.uploads.handle(req, res);
    return true;
  }
  if ((method === 'GET' || method === 'HEAD') && urlPath.startsWith(VIDEO_FILES_PREFIX)) {
    req.route = FILE_ROUTE;
    res.setHeader('X-Request-Id', req.reqId);
    await serveVideoFile(v.store, req, res, urlPath, qs);
    return true;
  }
  return false;
}

/**
 * GET|HEAD of an encoded video's file: one byte range (206) or the whole (200), 416 for a range outside it,
 * 404 for a bad signature, an unknown or unready video alike. Cached privately: the address is signed.
 */
async function serveVideoFile(videos: Videos, req: http.IncomingMessage, res: http.ServerResponse, urlPath: string, qs: string): Promise<void> {
  const found = await resolve(videos, urlPath, qs);
  const stat = found && (await fsp.stat(found.file).catch(() => undefined));
  if (!found || !stat) {
    const body = JSON.stringify({ code: Code.NotFound, error: 'Видео не найдено.', message: 'Видео не найдено.' });
    res.writeHead(404, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const size = stat.size;
  const etag = `"${found.id}-${path.basename(found.file)}-${size}"`;
  const headers: Record<string, string | number> = {
    'Content-Type': found.type,
    'Accept-Ranges': 'bytes',
    'Cache-Control': `private, max-age=${Math.min(videos.config.urlTtlSec, 86_400)}, immutable`,
    ETag: etag,
    'Last-Modified': stat.mtime.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  let start = 0;
  let end = size - 1;
  let status = 200;
  const range = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (range && (!ifRange || ifRange === etag)) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    if (m && (m[1] || m[2])) {
      if (m[1]) {
        start = Number(m[1]);
        end = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
      } else {
        start = Math.max(0, size - Number(m[2]));
      }
      if (start > end || start >= size) {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
        res.end();
        return;
      }
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
  }
  headers['Content-Length'] = end - start + 1;
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((done) => {
    const stream = fs.createReadStream(found.file, { start, end });
    stream.on('error', () => {
      res.destroy();
      done();
    });
    res.on('close', () => {
      stream.destroy();
      done();
    });
    stream.pipe(res);
  });
}

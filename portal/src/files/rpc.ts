// Files: image uploads (stored by the server as WebP, served at /uploads/{uuid}) and downloads as base64.
import { z } from 'zod';
import { invalid, notFound, resourceExhausted } from '@tribuna/server';
import { rpc, uuid } from '../lib/rpc.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'Файл слишком большой (макс. 5MB)';
const BAD_BASE64 = 'content: ожидалось содержимое файла в base64.';
// Longest base64 text of an accepted file; the decoded size is checked exactly by the server.
const MAX_BASE64_CHARS = Math.ceil(MAX_BYTES / 3) * 4;
// FileReader.readAsDataURL output is accepted as well as bare base64.
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

// Image decoding is costly: one user may start at most LIMIT_UPLOADS_PER_USER_HOUR uploads an hour
// (counted in the runtime's limit store: in memory, a restart forgives). The server's own file quota
// bounds what they keep.
const HOUR_MS = 60 * 60 * 1000;

function tooManyUploads(limit: number, retryAfterSec: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSec / 60));
  return `Слишком много загрузок: не больше ${limit} в час. Попробуйте через ${minutes} мин.`;
}

function decodeBase64(content: string): Buffer {
  const b64 = content.replace(DATA_URL_PREFIX, '');
  if (b64.length > MAX_BASE64_CHARS) throw invalid(TOO_LARGE);
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) throw invalid(BAD_BASE64);
  return Buffer.from(b64, 'base64');
}

export const fileRpcs = [
  // Registered users only: guests cannot upload. Refused with ResourceExhausted past the hourly limit or
  // the user's storage quota (LIMIT_UPLOAD_QUOTA_BYTES, checked by the server).
  rpc(
    'upload_file',
    'registered',
    z.object({
      content: z.string({ error: 'content: файл не передан.' }).min(1, 'Файл пуст.'),
      format: z.string().trim().max(100).default(''),
    }),
    async ({ input, userId, nk }) => {
      const limit = nk.limits.uploadsPerUserHour;
      // Shared by every server node (the runtime's limit store).
      const limiter = nk.sharedRateLimiter('portal.uploads_per_user', limit, HOUR_MS);
      if (!(await limiter.hit(userId))) {
        const wait = await limiter.retryAfter(userId);
        throw resourceExhausted(tooManyUploads(limit, wait), wait);
      }
      const file = await nk.fileUpload(userId, decodeBase64(input.content), input.format);
      return { uuid: file.id };
    },
    // The file travels as base64 inside a JSON string inside the JSON body: 5 MB take under 8 MiB.
    { maxBodyBytes: 8 * 1024 * 1024, limit: 'write' },
  ),

  // Anyone: uploads are public, as /uploads/{uuid} is.
  rpc('download_file', 'public', z.object({ uuid }), async ({ input, nk }) => {
    const file = await nk.fileGet(input.uuid);
    if (!file) throw notFound('Файл не найден.');
    return {
      content: file.bytes.toString('base64'),
      metadata: {
        mime: file.mime,
        size: file.size,
        width: file.width ?? null,
        height: file.height ?? null,
        create_time: file.createTime.toISOString(),
      },
    };
  }, { readOnly: true }),
];

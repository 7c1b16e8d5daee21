// Files: image uploads (stored by the server as WebP, served at /uploads/{uuid}) and downloads as base64.
import { z } from 'zod';
import { invalid, notFound, resourceExhausted, type Nk, type RateLimiter } from '@tribuna/server';
import { rpc, uuid, type RpcDef } from '../lib/rpc.ts';

const MAX_BYTES = 5 * 1024 * 1024;
const TOO_LARGE = 'Файл слишком большой (макс. 5MB)';
const BAD_BASE64 = 'content: ожидалось содержимое файла в base64.';
// Longest base64 text of an accepted file; the decoded size is checked exactly by the server.
const MAX_BASE64_CHARS = Math.ceil(MAX_BYTES / 3) * 4;
// FileReader.readAsDataURL output is accepted as well as bare base64.
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

// Image decoding is costly: one user may start at most this many uploads a minute.
const UPLOADS_PER_MINUTE = 60;
const limiters = new WeakMap<Nk, RateLimiter>();

function decodeBase64(content: string): Buffer {
  const b64 = content.replace(DATA_URL_PREFIX, '');
  if (b64.length > MAX_BASE64_CHARS) throw invalid(TOO_LARGE);
  if (b64.length % 4 !== 0 || !BASE64.test(b64)) throw invalid(BAD_BASE64);
  return Buffer.from(b64, 'base64');
}

export const fileRpcs: RpcDef[] = [
  // Registered users only: guests cannot upload.
  rpc(
    'upload_file',
    'registered',
    z.object({
      content: z.string({ error: 'content: файл не передан.' }).min(1, 'Файл пуст.'),
      format: z.string().trim().max(100).default(''),
    }),
    async ({ input, userId, nk }) => {
      let limiter = limiters.get(nk);
      if (!limiter) limiters.set(nk, (limiter = nk.rateLimiter(UPLOADS_PER_MINUTE, 60_000)));
      if (!limiter.hit(userId)) throw resourceExhausted('Слишком много загрузок, попробуйте через минуту.');
      const file = await nk.fileUpload(userId, decodeBase64(input.content), input.format);
      return { uuid: file.id };
    },
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
  }),
];

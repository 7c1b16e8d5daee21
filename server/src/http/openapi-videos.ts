// What the API description says of the video routes, which the server answers before the route table
// (http/videos.ts): the resumable uploads by the tus protocol 1.0.0 at /v2/video-uploads, and a ready
// video's files at /uploads/videos/{id}/{name}. Operations written out here, in the shape openapi.ts gives
// the table's routes (operation id from method and path, tag, credentials, path parameters, answers).
import { VIDEO_FILES } from '../core/videos.ts';

type Json = Record<string, unknown>;

const UPLOADS = '/v2/video-uploads';
const UPLOAD = '/v2/video-uploads/{id}';
const FILE = '/uploads/videos/{id}/{name}';

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const SESSION = [{ session: [] }];

const header = (description: string, schema: Json = { type: 'string' }): Json => ({ description, schema });
const TUS_RESUMABLE = header('The tus protocol version: 1.0.0.', { type: 'string', const: '1.0.0' });
const UPLOAD_OFFSET = header('How many bytes the server has of the upload.', { type: 'integer', minimum: 0 });
const UPLOAD_LENGTH = header('The upload\'s whole length in bytes.', { type: 'integer', minimum: 0 });
const UPLOAD_EXPIRES = header('When an unfinished upload is removed (VIDEO_UPLOAD_EXPIRY_HOURS after its last change; RFC 9110 date).');

/** A refusal: the gateway's error object as JSON text (sent as text/plain by the tus server), or tus's own short message. */
const refusalBody = {
  'text/plain': {
    schema: {
      type: 'string',
      contentMediaType: 'application/json',
      contentSchema: ref('Error'),
      description: 'The error as JSON text (`{"code", "error", "message"}`, the message in Russian); the tus protocol\'s own refusals (409, 412, a bad Content-Type) are a short English text instead.',
    },
  },
};
const refusal = (description: string): Json => ({ description, headers: { 'Tus-Resumable': TUS_RESUMABLE }, content: refusalBody });

/** The refusals every tus request may meet before its own work: credentials. */
const SIGNED_IN = {
  401: refusal('No session token, or one that is not valid.'),
  403: refusal('The caller is a guest: only a registered user (a proven e-mail or a sign-in provider) uploads videos.'),
};
const UNKNOWN_UPLOAD = { 404: refusal('No such upload, or not the caller\'s (another user\'s upload is unknown too), or removed.') };
const TUS_VERSION = { 412: refusal('Tus-Resumable missing or not a version the server speaks (1.0.0).') };
const TOO_LARGE = 'Upload-Length (or the bytes sent) over VIDEO_MAX_BYTES (500 MB by default): 400 with the Russian message "Файл слишком большой (макс. N МБ)." (this server answers 400, not tus\'s 413).';

const tusHeader = (name: string, description: string, schema: Json = { type: 'string' }, required = false): Json => ({ name, in: 'header', required, description, schema });
const TUS_RESUMABLE_PARAM = tusHeader('Tus-Resumable', 'The tus protocol version.', { type: 'string', const: '1.0.0' }, true);
const idParam = (description: string, pattern: string): Json => ({ name: 'id', in: 'path', required: true, description, schema: { type: 'string', pattern } });
const UPLOAD_ID = idParam('The upload\'s id: the last segment of the Location answered at its creation.', '^[0-9a-f]{32}$');

/** PATCH's (and a creation's) body: the upload's bytes from Upload-Offset on. */
const BYTES = { 'application/offset+octet-stream': { schema: { type: 'string', contentEncoding: 'binary' } } };

/** The answer of the request that completes an upload: the video accepted and queued for encoding. */
const FINISHED: Json = {
  description: 'The last bytes: the whole upload was checked (a video container that ffprobe reads within the limits) and the video queued for encoding; the upload is gone.',
  headers: { 'Video-Id': header('The video\'s id.', { type: 'string', format: 'uuid' }), 'Upload-Offset': UPLOAD_OFFSET, 'Tus-Resumable': TUS_RESUMABLE },
  content: { 'application/json': { schema: ref('VideoUploaded') } },
};
/** The refusals of a whole upload: the upload is removed. */
const WHOLE_REFUSED = {
  400: refusal(`The whole upload is not a video (MP4, WebM, MOV, MKV, AVI), cannot be read, is longer than VIDEO_MAX_DURATION_SEC or larger than VIDEO_MAX_SIDE; or a bad Content-Type or Upload-Offset header; or ${TOO_LARGE}`),
  429: refusal('The caller has LIMIT_VIDEOS_PER_USER videos already (failed ones do not count); no Retry-After.'),
};

const operation = (method: string, path: string, op: Json): Json => ({
  operationId: `${method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
  tags: [path.split('/').find((s) => s && s !== 'v2')],
  ...op,
});

const FILE_NAMES = Object.keys(VIDEO_FILES);
const FILE_TYPES = [...new Set(Object.values(VIDEO_FILES))];
const fileBody = Object.fromEntries(FILE_TYPES.map((t) => [t, { schema: { type: 'string', contentEncoding: 'binary' } }]));
const FILE_HEADERS = {
  'Accept-Ranges': header('bytes.'),
  'Cache-Control': header('private, max-age = the signature\'s validity (at most a day), immutable.'),
  ETag: header('The file\'s tag: the same for the same id, name and size.'),
  'Last-Modified': header('When the file was written.'),
  'Content-Length': header('The bytes of the answer (the range\'s when 206).', { type: 'integer' }),
};
const NOT_FOUND_VIDEO = {
  description: 'A bad or expired signature, an unknown video, one not ready (queued, processing, failed) or deleted, or an unknown name: all alike.',
  content: { 'application/json': { schema: ref('Error') } },
};

function fileOperation(method: 'get' | 'head'): Json {
  const head = method === 'head';
  const content = head ? {} : { content: fileBody };
  return operation(method, FILE, {
    summary: head ? 'A ready video\'s file: its headers alone' : 'A ready video\'s file, whole or one byte range',
    description:
      'No credentials: the address is signed (`e`, `s`) for whoever may see the video, as the video\'s listing answers it (valid for at least VIDEO_URL_TTL_SEC). ' +
      `The names: ${FILE_NAMES.map((n) => `\`${n}\` (${VIDEO_FILES[n as keyof typeof VIDEO_FILES]})`).join(', ')}. ` +
      'One range per request (`bytes=a-b`, `bytes=a-`, `bytes=-n`); If-Range with the ETag, If-None-Match for 304.',
    security: [],
    parameters: [
      idParam('The video\'s id.', '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'),
      { name: 'name', in: 'path', required: true, description: 'Which file.', schema: { type: 'string', enum: FILE_NAMES } },
      { name: 'e', in: 'query', required: true, description: 'When the signature expires (Unix seconds).', schema: { type: 'integer' } },
      { name: 's', in: 'query', required: true, description: 'The signature of the id and e.', schema: { type: 'string' } },
      tusHeader('Range', 'One byte range: `bytes=<first>-<last>`, `bytes=<first>-` or `bytes=-<suffix length>`.'),
      tusHeader('If-Range', 'The ETag: the range applies only while the file is the same.'),
      tusHeader('If-None-Match', 'The ETag held: 304 when it is the file\'s.'),
    ],
    responses: {
      200: { description: 'The whole file.', headers: FILE_HEADERS, ...content },
      206: { description: 'The range asked for.', headers: { ...FILE_HEADERS, 'Content-Range': header('bytes <first>-<last>/<size>.') }, ...content },
      304: { description: 'If-None-Match held the file\'s ETag.', headers: { ETag: FILE_HEADERS.ETag } },
      404: head ? { description: NOT_FOUND_VIDEO.description } : NOT_FOUND_VIDEO,
      416: { description: 'A range starting at or beyond the end.', headers: { 'Content-Range': header('bytes */<size>.') } },
    },
  });
}

/** The video routes' path items, by path. */
export const VIDEO_PATHS: Record<string, Json> = {
  [UPLOADS]: {
    post: operation('post', UPLOADS, {
      summary: 'Start a resumable video upload (tus creation)',
      description:
        'The tus protocol 1.0.0 (https://tus.io/protocols/resumable-upload), extensions creation, creation-with-upload, termination and expiration. ' +
        'Registered users only; an upload is the caller\'s alone. Upload-Length is required (a deferred length is refused with 400). ' +
        'The answer\'s Location is where the bytes go (PATCH); bytes may also come with this request (creation-with-upload, Content-Type application/offset+octet-stream). ' +
        'Bodies are streamed to disk; an unfinished upload is removed VIDEO_UPLOAD_EXPIRY_HOURS after its last change.',
      security: SESSION,
      parameters: [
        TUS_RESUMABLE_PARAM,
        tusHeader('Upload-Length', 'The whole file\'s length in bytes, at most VIDEO_MAX_BYTES.', { type: 'integer', minimum: 0 }, true),
        tusHeader('Upload-Metadata', 'Comma-separated `key base64(value)` pairs, e.g. filename and filetype; kept with the upload.'),
      ],
      requestBody: { required: false, content: BYTES },
      responses: {
        201: {
          description: 'The upload is made.',
          headers: {
            Location: header('The upload\'s address, relative: /v2/video-uploads/{id}.'),
            'Upload-Offset': header('The bytes taken with this request (creation-with-upload).', { type: 'integer', minimum: 0 }),
            'Upload-Expires': UPLOAD_EXPIRES,
            'Tus-Resumable': TUS_RESUMABLE,
          },
        },
        200: FINISHED,
        400: refusal(`No Upload-Length (or Upload-Defer-Length), a malformed header, or ${TOO_LARGE} With bytes that complete the upload, PATCH's refusals of a whole upload too.`),
        ...SIGNED_IN,
        ...TUS_VERSION,
        429: refusal('The caller has LIMIT_VIDEOS_PER_USER videos already (failed ones do not count); no Retry-After.'),
      },
    }),
    options: operation('options', UPLOADS, {
      summary: 'What the tus server supports',
      description: 'No credentials needed. A CORS preflight (with Access-Control-Request-Method) is answered by the gateway instead.',
      security: [],
      responses: {
        204: {
          description: 'The protocol\'s capabilities.',
          headers: {
            'Tus-Version': header('1.0.0.'),
            'Tus-Resumable': TUS_RESUMABLE,
            'Tus-Extension': header('creation,creation-with-upload,creation-defer-length,termination,expiration (a deferred length is refused at creation).'),
            'Tus-Max-Size': header('VIDEO_MAX_BYTES.', { type: 'integer' }),
          },
        },
      },
    }),
  },
  [UPLOAD]: {
    head: operation('head', UPLOAD, {
      summary: 'How much of an upload the server has (to resume it)',
      security: SESSION,
      parameters: [UPLOAD_ID, TUS_RESUMABLE_PARAM],
      responses: {
        200: {
          description: 'The upload\'s offset and length; Cache-Control: no-store.',
          headers: { 'Upload-Offset': UPLOAD_OFFSET, 'Upload-Length': UPLOAD_LENGTH, 'Upload-Metadata': header('As given at creation.'), 'Tus-Resumable': TUS_RESUMABLE },
        },
        ...SIGNED_IN,
        404: { description: 'No such upload, or not the caller\'s.' },
        ...TUS_VERSION,
      },
    }),
    patch: operation('patch', UPLOAD, {
      summary: 'Send an upload\'s bytes from Upload-Offset on',
      description:
        'Upload-Offset must be what HEAD answers (else 409). A request that does not complete the upload is answered 204 with the new offset; ' +
        'the one that completes it is answered once the whole file is checked: 200 with the video\'s id (header Video-Id and JSON), or a refusal (the upload removed).',
      security: SESSION,
      parameters: [UPLOAD_ID, TUS_RESUMABLE_PARAM, tusHeader('Upload-Offset', 'Where these bytes start: the offset the server has.', { type: 'integer', minimum: 0 }, true)],
      requestBody: { required: true, content: BYTES },
      responses: {
        204: { description: 'The bytes are taken; the upload is not yet whole.', headers: { 'Upload-Offset': UPLOAD_OFFSET, 'Upload-Expires': UPLOAD_EXPIRES, 'Tus-Resumable': TUS_RESUMABLE } },
        200: FINISHED,
        ...WHOLE_REFUSED,
        ...SIGNED_IN,
        ...UNKNOWN_UPLOAD,
        409: refusal('Upload-Offset is not the offset the server has: ask with HEAD and resume from there.'),
        ...TUS_VERSION,
      },
    }),
    delete: operation('delete', UPLOAD, {
      summary: 'Abandon an unfinished upload (tus termination)',
      security: SESSION,
      parameters: [UPLOAD_ID, TUS_RESUMABLE_PARAM],
      responses: { 204: { description: 'The upload and its bytes are removed.', headers: { 'Tus-Resumable': TUS_RESUMABLE } }, ...SIGNED_IN, ...UNKNOWN_UPLOAD, ...TUS_VERSION },
    }),
  },
  [FILE]: { get: fileOperation('get'), head: fileOperation('head') },
};

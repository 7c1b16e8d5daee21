// Broadcasts (streams): created by registered users, visible to everyone, changed and deleted by their
// creator only. The TV schedule is list_streams sorted by start time.
import { z } from 'zod';
import { invalid, notFound, permissionDenied, unauthenticated, type Queryable } from '@tribuna/server';
import { cursor, directionField, instantField, limit, lineField, requiredLineField, rpc, textField, uuid } from '../lib/rpc.ts';
import { TEXT_LIMITS } from '../lib/text-limits.ts';
import { textKey } from '../lib/sql.ts';
import { embedField, embedUrl } from '../lib/embed.ts';
import { getMatch } from '../matches/index.ts';
import { createStream, deleteStream, getStream, listStreams, updateStream, type Stream } from './store.ts';

const STREAM_NOT_FOUND = 'Трансляция не найдена.';
const IN_THE_PAST = 'start_time: время начала не может быть в прошлом.';
const END_BEFORE_START = 'end_time: время окончания должно быть позже начала.';
/** How far a start time may lie behind the server's clock: a client's clock may be a little behind. */
const CLOCK_SKEW_MS = 60_000;
const MAX_TAGS = TEXT_LIMITS.streamTags;
const MAX_TAG_LENGTH = TEXT_LIMITS.streamTag;

/** At least min characters as the database counts them (code points: an emoji is one). */
const atLeast = (min: number) => (s: string) => [...s].length >= min;

const title = requiredLineField(TEXT_LIMITS.streamTitle, 'укажите название трансляции.').refine(atLeast(5), 'не короче 5 символов.');
// Line breaks are kept.
const description = z
  .string({ error: (iss) => (iss.input === undefined ? 'укажите описание трансляции.' : 'ожидалась строка.') })
  .pipe(textField(TEXT_LIMITS.streamDescription))
  .refine(atLeast(10), 'не короче 10 символов.');

/** The first of each group of tags that differ only in case. */
function unique(tags: string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = textKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Tags as one comma-separated string or a list (whose items may hold commas too): split on commas,
 * trimmed, empty ones and repeats (case-insensitively) dropped; at most 20, each at most 50 characters.
 * null is none.
 */
const tags = z
  .union([z.string(), z.array(z.string()), z.null()], { error: 'ожидалась строка тегов через запятую или список тегов.' })
  .transform((v) => unique([v ?? ''].flat().flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)))
  .pipe(z.array(lineField(MAX_TAG_LENGTH)).max(MAX_TAGS, `не больше ${MAX_TAGS} тегов.`));

const sortBy = z.enum(['create_time', 'start_time', 'update_time'], { error: "ожидалось 'create_time', 'start_time' или 'update_time'." });

function notInThePast(start: Date): void {
  if (start.getTime() < Date.now() - CLOCK_SKEW_MS) throw invalid(IN_THE_PAST);
}

function endsAfter(end: Date | null, start: Date): void {
  if (end && end.getTime() <= start.getTime()) throw invalid(END_BEFORE_START);
}

/** The table's check backs endsAfter (a start left empty is the creation time, set by the database). */
function translate(err: unknown): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23514' && (e.constraint === 'stream_end_after_start' || e.message?.includes('stream_end_after_start'))) {
    throw invalid(END_BEFORE_START);
  }
  throw err;
}

/** The broadcast, for its creator only. */
async function own(db: Queryable, id: string, userId: string): Promise<Stream> {
  const stream = await getStream(db, id);
  if (!stream) throw notFound(STREAM_NOT_FOUND);
  if (stream.creator_id !== userId) throw permissionDenied('Изменять и удалять трансляцию может только её автор.');
  return stream;
}

const orNull = (iso: string | undefined) => (iso ? new Date(iso) : null);

/** A match named by a broadcast must exist. */
async function requireMatch(db: Queryable, id: string | null | undefined): Promise<void> {
  if (id && !(await getMatch(db, id))) throw notFound('match_id: матч не найден.');
}

export const streamRpcs = [
  // Registered users; the caller is the creator. The start time may not lie in the past (a minute of
  // clock skew allowed); without one the broadcast is on air from now. The end time must follow the start.
  // match_id names the match it shows (any existing match): its page then carries the match's live feed.
  rpc(
    'create_stream',
    'registered',
    z.object({
      title,
      description,
      embed_url: embedField,
      start_time: instantField.nullish(),
      end_time: instantField.nullish(),
      tags: tags.optional(),
      match_id: uuid.nullish(),
    }),
    async ({ input, userId, nk }) => {
      const embed = embedUrl(input.embed_url);
      await requireMatch(nk.db, input.match_id);
      const start = input.start_time ?? null;
      const end = input.end_time ?? null;
      if (start) notInThePast(start);
      endsAfter(end, start ?? new Date());
      const stream = { ...input, embed_url: embed, start_time: start, end_time: end, tags: input.tags ?? [], match_id: input.match_id ?? null };
      return createStream(nk.db, nk.uuid(), userId, stream).catch(translate);
    },
    { limit: 'create' },
  ),

  // Anyone.
  rpc('get_stream', 'public', z.object({ id: uuid }), async ({ input, nk }) => {
    const stream = await getStream(nk.db, input.id);
    if (!stream) throw notFound(STREAM_NOT_FOUND);
    return stream;
  }),

  // The creator only. Omitted fields stay; null clears start_time (on air since its creation), end_time or match_id.
  // A start time that changes may not lie in the past; the end must still follow the start.
  rpc(
    'update_stream',
    'registered',
    z.object({
      id: uuid,
      title: title.optional(),
      description: description.optional(),
      embed_url: embedField.optional(),
      start_time: instantField.nullish(),
      end_time: instantField.nullish(),
      tags: tags.optional(),
      match_id: uuid.nullish(),
    }),
    async ({ input, userId, nk }) => {
      const embed = input.embed_url === undefined ? undefined : embedUrl(input.embed_url);
      await requireMatch(nk.db, input.match_id);
      const { id, ...changes } = input;
      const stream = await own(nk.db, id, userId);
      if (changes.start_time && changes.start_time.getTime() !== orNull(stream.start_time)?.getTime()) notInThePast(changes.start_time);
      const start = changes.start_time !== undefined ? changes.start_time : orNull(stream.start_time);
      endsAfter(changes.end_time !== undefined ? changes.end_time : orNull(stream.end_time), start ?? new Date(stream.create_time));
      const updated = await updateStream(nk.db, id, { ...changes, embed_url: embed }).catch(translate);
      if (!updated) throw notFound(STREAM_NOT_FOUND);
      return updated;
    },
    { limit: 'write' },
  ),

  // The creator only. Final: the broadcast is removed.
  rpc('delete_stream', 'registered', z.object({ id: uuid }), async ({ input, userId, nk }) => {
    await own(nk.db, input.id, userId);
    await deleteStream(nk.db, input.id);
    return {};
  }, { limit: 'write' }),

  // Anyone; only_mine needs a session. Every *_after is inclusive and every *_before exclusive. start_*
  // and sort_by start_time read the start time, or the creation time when there is none (the TV
  // schedule: sort_by start_time, sort_order asc, limit 100). A broadcast without an end time never ends.
  // only_active: started (not in the future) and not ended.
  rpc(
    'list_streams',
    'public',
    z.object({
      limit: limit(20),
      cursor,
      tag: lineField(MAX_TAG_LENGTH).optional(),
      only_mine: z.boolean().default(false),
      start_before: instantField.optional(),
      start_after: instantField.optional(),
      end_before: instantField.optional(),
      end_after: instantField.optional(),
      sort_by: sortBy.default('create_time'),
      sort_order: directionField.default('desc'),
      only_active: z.boolean().default(false),
    }),
    async ({ input, userId, nk }) => {
      if (input.only_mine && !userId) throw unauthenticated('only_mine: требуется вход в систему.');
      return listStreams(nk.db, {
        creatorId: input.only_mine ? userId : undefined,
        tag: input.tag || undefined,
        startAfter: input.start_after,
        startBefore: input.start_before,
        endAfter: input.end_after,
        endBefore: input.end_before,
        onlyActive: input.only_active,
        sortBy: input.sort_by,
        dir: input.sort_order,
        limit: input.limit,
        cursor: input.cursor || undefined,
      });
    },
  ),
];

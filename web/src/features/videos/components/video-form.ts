// Checks of the video form and the tags field: split on commas, trimmed, empty ones dropped.
import { TEXT_LIMITS } from '@tribuna/portal/text-limits';
import { measure } from '../../../shared/lib/text-length.ts';
import { videoMessages as m } from '../messages.ts';

const TITLE_MAX = TEXT_LIMITS.mediaTitle;
const TAGS_MAX = TEXT_LIMITS.videoTags;
const TAG_MAX = TEXT_LIMITS.videoTag;

export function parseTags(s: string): string[] {
  return s
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export interface VideoFormValues {
  title: string;
  description: string;
  url: string;
  tags: string;
  sectionId: string;
}

export type VideoFormErrors = Partial<Record<keyof VideoFormValues, string>>;

export function validateVideoForm(v: VideoFormValues): VideoFormErrors {
  const e: VideoFormErrors = {};
  const title = v.title.trim();
  if (!title) e.title = m.titleRequired;
  else if (measure(title, TITLE_MAX) > TITLE_MAX) e.title = m.titleTooLong;
  const url = v.url.trim();
  if (!url) e.url = m.urlRequired;
  else if (!/^https?:\/\/\S+$/i.test(url)) e.url = m.urlInvalid;
  const tags = parseTags(v.tags);
  if (tags.length > TAGS_MAX) e.tags = m.tooManyTags;
  else if (tags.some((t) => measure(t, TAG_MAX) > TAG_MAX)) e.tags = m.tagTooLong;
  return e;
}

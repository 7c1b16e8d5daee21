// Run in the news HTML pool's worker threads (html-pool.ts): a description sanitised and enriched
// (sanitize.ts), and what lists show of it (preview.ts), off the event loop that answers requests.
import { previewOf, type DescriptionPreview } from './preview.ts';
import { MAX_DESCRIPTION, MAX_STORED_DESCRIPTION, sanitizeDescription } from './sanitize.ts';

/** A description as stored, with what lists show of it. */
export interface PreparedDescription extends DescriptionPreview {
  description: string;
}

/**
 * The description to store and its preview; undefined when links and players make it longer than
 * MAX_STORED_DESCRIPTION. The caller has checked its length (MAX_DESCRIPTION); checked again, as a contract.
 */
export default function prepare(html: string): PreparedDescription | undefined {
  if (html.length > MAX_DESCRIPTION) throw new RangeError(`A description of ${html.length} characters is longer than ${MAX_DESCRIPTION}.`);
  const description = sanitizeDescription(html);
  if (description.length > MAX_STORED_DESCRIPTION) return undefined;
  return { description, ...previewOf(description) };
}

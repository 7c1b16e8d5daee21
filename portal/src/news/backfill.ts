// News written before their previews were stored (migrations/0018_news_previews.sql) get them when the
// portal starts, before the server takes requests: the work is HTML parsing, which SQL does not do.
import type { Db, Logger } from '@tribuna/server';
import { previewOf } from './preview.ts';

/** Rows filled per transaction. */
const BATCH = 100;

/**
 * Fills the preview columns of every news row whose preview_html is null; answers how many it filled.
 * Each batch is locked while it is worked on, so nodes starting together fill each row once (one waits for
 * the other's batch, then finds it filled), and a row written meanwhile by update_news keeps its own.
 */
export async function backfillPreviews(db: Db, logger?: Logger): Promise<number> {
  let filled = 0;
  for (;;) {
    const n = await db.tx(async (q) => {
      const rows = await q.query<{ id: string; description: string }>(
        `SELECT id, description FROM news WHERE preview_html IS NULL ORDER BY id LIMIT ${BATCH} FOR UPDATE`,
      );
      for (const r of rows) {
        const p = previewOf(r.description);
        await q.execute(
          'UPDATE news SET preview_html = $2, description_cut = $3, preview_image = $4, excerpt = $5 WHERE id = $1 AND preview_html IS NULL',
          [r.id, p.preview_html, p.description_cut, p.preview_image ?? null, p.excerpt],
        );
      }
      return rows.length;
    });
    if (!n) break;
    filled += n;
  }
  if (filled) logger?.info('news: previews stored for older items', { items: filled });
  return filled;
}

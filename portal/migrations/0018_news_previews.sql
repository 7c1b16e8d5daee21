-- What a list shows of a news item, stored beside its description and written with it (portal/src/news/
-- preview.ts): the HTML of its first blocks (at most 3 KB), whether anything was left out, the first picture
-- in it and the plain-text excerpt. list_news reads these and never the description, which may be 300,000
-- characters that PostgreSQL would otherwise de-TOAST for every row of every page.
-- preview_html is null until worked out: rows written before this migration are filled in by the portal
-- when it starts (portal/src/news/backfill.ts; the work is HTML parsing, which SQL does not do), the empty
-- description here at once.
ALTER TABLE news
  ADD COLUMN preview_html    text,
  ADD COLUMN description_cut boolean NOT NULL DEFAULT false,
  ADD COLUMN preview_image   text,
  ADD COLUMN excerpt         text NOT NULL DEFAULT '';
UPDATE news SET preview_html = '' WHERE description = '';
-- The rows still to fill: empty once they are, so the start's look for them costs nothing.
CREATE INDEX news_preview_missing_idx ON news (id) WHERE preview_html IS NULL;

-- Page-view metrics as aggregate counters, one row per distinct value; no raw log is kept.
CREATE TABLE metric_page (
  page        text PRIMARY KEY,
  count       bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE metric_browser (
  browser     text PRIMARY KEY,
  count       bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- "WIDTHxHEIGHT", e.g. "1920x1080".
CREATE TABLE metric_resolution (
  resolution  text PRIMARY KEY,
  count       bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- Most frequent first.
CREATE INDEX metric_page_count_idx ON metric_page (count DESC, page);
CREATE INDEX metric_browser_count_idx ON metric_browser (count DESC, browser);
CREATE INDEX metric_resolution_count_idx ON metric_resolution (count DESC, resolution);

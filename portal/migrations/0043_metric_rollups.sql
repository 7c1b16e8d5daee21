-- Page views over time, for the administrators' charts: counts by hour and by day (Moscow days) of all
-- views (kind 'view', value '') and of each page, browser and screen resolution. Each view adds one to a
-- row of each kind in both; the charts read a range of one kind through the primary key.
CREATE TABLE metric_hourly (
  kind  text NOT NULL CHECK (kind IN ('view', 'page', 'browser', 'resolution')),
  hour  timestamptz NOT NULL,
  value text NOT NULL,
  count bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (kind, hour, value)
);
CREATE TABLE metric_daily (
  kind  text NOT NULL CHECK (kind IN ('view', 'page', 'browser', 'resolution')),
  day   date NOT NULL,
  value text NOT NULL,
  count bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
  PRIMARY KEY (kind, day, value)
);

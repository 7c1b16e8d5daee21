-- Broadcasts (streams): an embedded video (YouTube, VK Video or Rutube) with a title, tags and an optional
-- start and end. A broadcast without a start time is on air from its creation; one without an end time
-- never ends. start_key is the start time, or the creation time when there is none: the order of the
-- TV schedule and of sort_by start_time. Times keep milliseconds only, so a list cursor (a JavaScript
-- date) names a row exactly. tag_keys are the tags lower-cased by the portal, for the case-insensitive
-- tag filter. Deletion is final.
CREATE TABLE stream (
  id          uuid PRIMARY KEY,
  title       text NOT NULL CHECK (length(title) BETWEEN 5 AND 120),
  description text NOT NULL CHECK (length(description) BETWEEN 10 AND 5000),
  embed_url   text NOT NULL,
  start_time  timestamptz(3),
  end_time    timestamptz(3),
  tags        text[] NOT NULL DEFAULT '{}',
  tag_keys    text[] NOT NULL DEFAULT '{}',
  creator_id  uuid NOT NULL,
  create_time timestamptz(3) NOT NULL DEFAULT now(),
  update_time timestamptz(3) NOT NULL DEFAULT now(),
  start_key   timestamptz(3) NOT NULL GENERATED ALWAYS AS (COALESCE(start_time, create_time)) STORED,
  CONSTRAINT stream_end_after_start CHECK (end_time > COALESCE(start_time, create_time))
);
-- One index per sort_by, for everyone's broadcasts and for one creator's ("mine"); each serves both
-- directions and the start_* range filters.
CREATE INDEX stream_create_idx ON stream (create_time, id);
CREATE INDEX stream_start_idx ON stream (start_key, id);
CREATE INDEX stream_update_idx ON stream (update_time, id);
CREATE INDEX stream_creator_create_idx ON stream (creator_id, create_time, id);
CREATE INDEX stream_creator_start_idx ON stream (creator_id, start_key, id);
CREATE INDEX stream_creator_update_idx ON stream (creator_id, update_time, id);
-- The tag filter.
CREATE INDEX stream_tag_keys_idx ON stream USING gin (tag_keys);

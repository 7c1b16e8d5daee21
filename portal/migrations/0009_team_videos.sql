-- Team video sections and their videos (embedded from YouTube, VK Video or Rutube). Deletion is soft.
-- create_time keeps milliseconds only, so a list cursor (a JavaScript date) names a row exactly.
-- title_key is the title lower-cased by the portal, in the "C" collation: the same order on every database.
CREATE TABLE team_video_section (
  id          uuid PRIMARY KEY,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  title_key   text COLLATE "C" NOT NULL,
  description text NOT NULL DEFAULT '',
  sort_order  integer NOT NULL DEFAULT 0,
  create_time timestamptz(3) NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  delete_time timestamptz,
  -- Lets a video's foreign key require its section to be of the video's team.
  CONSTRAINT team_video_section_id_team_key UNIQUE (id, team_id)
);
CREATE INDEX team_video_section_team_sort_idx ON team_video_section (team_id, sort_order, id);
CREATE INDEX team_video_section_team_create_idx ON team_video_section (team_id, create_time, id);
CREATE INDEX team_video_section_team_title_idx ON team_video_section (team_id, title_key, id);

-- The searchable text of a video: title weighs most, then tags, then description.
-- Declared IMMUTABLE so generated columns may use it: array_to_string is only STABLE in general, but for
-- text[] its result never changes.
CREATE FUNCTION team_video_document(cfg regconfig, title text, description text, tags text[])
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector(cfg, title), 'A')
      || setweight(to_tsvector(cfg, array_to_string(tags, ' ')), 'B')
      || setweight(to_tsvector(cfg, description), 'C')
$$;

CREATE TABLE team_video (
  id          uuid PRIMARY KEY,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  section_id  uuid NOT NULL,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  title_key   text COLLATE "C" NOT NULL,
  description text NOT NULL DEFAULT '',
  embed_url   text NOT NULL,
  tags        text[] NOT NULL DEFAULT '{}',
  sort_order  integer NOT NULL DEFAULT 0,
  create_time timestamptz(3) NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  delete_time timestamptz,
  -- The searchable text in each configuration search_team_videos accepts (its language allowlist):
  -- stored, so ranking reads them instead of parsing the text again.
  search_russian tsvector GENERATED ALWAYS AS (team_video_document('russian', title, description, tags)) STORED,
  search_english tsvector GENERATED ALWAYS AS (team_video_document('english', title, description, tags)) STORED,
  search_simple  tsvector GENERATED ALWAYS AS (team_video_document('simple', title, description, tags)) STORED,
  CONSTRAINT team_video_section_fkey FOREIGN KEY (section_id, team_id)
    REFERENCES team_video_section (id, team_id) ON DELETE CASCADE
);
-- One index per list order, for the whole team and for one section.
CREATE INDEX team_video_team_sort_idx ON team_video (team_id, sort_order, id);
CREATE INDEX team_video_team_create_idx ON team_video (team_id, create_time, id);
CREATE INDEX team_video_team_title_idx ON team_video (team_id, title_key, id);
CREATE INDEX team_video_section_sort_idx ON team_video (section_id, sort_order, id);
CREATE INDEX team_video_section_create_idx ON team_video (section_id, create_time, id);
CREATE INDEX team_video_section_title_idx ON team_video (section_id, title_key, id);

-- Full-text search, one index per language.
CREATE INDEX team_video_search_russian_idx ON team_video USING gin (search_russian);
CREATE INDEX team_video_search_english_idx ON team_video USING gin (search_english);
CREATE INDEX team_video_search_simple_idx ON team_video USING gin (search_simple);

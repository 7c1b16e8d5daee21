-- Team photo sections and their photos. Deletion is soft (delete_time set) so managers can restore.
-- create_time keeps milliseconds only, so a list cursor (a JavaScript date) names a row exactly.
-- title_key is the title lower-cased by the portal, in the "C" collation: the same order on every database.
CREATE TABLE team_photo_section (
  id              uuid PRIMARY KEY,
  team_id         uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  title           text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  title_key       text COLLATE "C" NOT NULL,
  description     text NOT NULL DEFAULT '',
  cover_photo_url text,
  slug            text NOT NULL,
  sort            integer NOT NULL DEFAULT 0,
  create_time     timestamptz(3) NOT NULL DEFAULT now(),
  update_time     timestamptz NOT NULL DEFAULT now(),
  delete_time     timestamptz,
  -- Lets a photo's foreign key require its section to be of the photo's team.
  CONSTRAINT team_photo_section_id_team_key UNIQUE (id, team_id)
);
-- One index per list order (sort_by); each also serves the opposite direction.
CREATE INDEX team_photo_section_team_create_idx ON team_photo_section (team_id, create_time, id);
CREATE INDEX team_photo_section_team_sort_idx ON team_photo_section (team_id, sort, id);
CREATE INDEX team_photo_section_team_title_idx ON team_photo_section (team_id, title_key, id);

CREATE TABLE team_photo (
  id          uuid PRIMARY KEY,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  section_id  uuid NOT NULL,
  file_id     uuid NOT NULL,
  description text NOT NULL DEFAULT '',
  creator_id  uuid NOT NULL,
  create_time timestamptz(3) NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  delete_time timestamptz,
  CONSTRAINT team_photo_section_fkey FOREIGN KEY (section_id, team_id)
    REFERENCES team_photo_section (id, team_id) ON DELETE CASCADE
);
-- The team's photos and one section's photos, newest or oldest first.
CREATE INDEX team_photo_team_create_idx ON team_photo (team_id, create_time, id);
CREATE INDEX team_photo_section_create_idx ON team_photo (section_id, create_time, id);
-- photo_count: live photos of a section, counted from the index alone.
CREATE INDEX team_photo_live_section_idx ON team_photo (section_id) WHERE delete_time IS NULL;

-- Players, each created by a user. goals and matches are statistics the portal keeps; clients never set them.
-- The *_key columns are the names lower-cased by the portal (so every database locale agrees), in the
-- "C" collation: the list order and case-insensitive prefix filters use them, and btree indexes serve
-- LIKE 'prefix%' in that collation.
CREATE TABLE player (
  id             uuid PRIMARY KEY,
  first_name     text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  middle_name    text CHECK (length(middle_name) BETWEEN 1 AND 100),
  last_name      text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  first_name_key text COLLATE "C" NOT NULL,
  last_name_key  text COLLATE "C" NOT NULL,
  avatar_id      uuid,
  creator_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  goals          integer NOT NULL DEFAULT 0 CHECK (goals >= 0),
  matches        integer NOT NULL DEFAULT 0 CHECK (matches >= 0),
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_time    timestamptz NOT NULL DEFAULT now()
);
-- The list order and its cursor; also last-name prefixes.
CREATE INDEX player_last_first_id_idx ON player (last_name_key, first_name_key, id);
-- creator_ids and only_mine, in list order; also account deletion.
CREATE INDEX player_creator_last_first_id_idx ON player (creator_id, last_name_key, first_name_key, id);
CREATE INDEX player_first_name_key_idx ON player (first_name_key);
CREATE INDEX player_goals_idx ON player (goals);
CREATE INDEX player_matches_idx ON player (matches);

-- Teams. team_type: 0 open (anyone may ask to join), 1 closed (no join requests).
-- name_key is the name lower-cased by the portal, in the "C" collation, as player names are
-- (0002_players.sql): every database locale agrees on it, and its btree index serves LIKE 'prefix%'.
CREATE TABLE team (
  id          uuid PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  name_key    text COLLATE "C" NOT NULL,
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  avatar_id   uuid,
  team_type   smallint NOT NULL DEFAULT 0 CHECK (team_type IN (0, 1)),
  rating      numeric(6, 2) NOT NULL DEFAULT 0,
  creator_id  uuid NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- Lists: newest first, optionally by type or creator; name search by prefix.
CREATE INDEX team_create_time_id_idx ON team (create_time DESC, id DESC);
CREATE INDEX team_type_create_time_id_idx ON team (team_type, create_time DESC, id DESC);
CREATE INDEX team_creator_id_idx ON team (creator_id, create_time DESC, id DESC);
CREATE INDEX team_name_key_idx ON team (name_key);

-- A player's membership of a team (a join request until confirmed).
-- field_role: 0 unknown, 1 goalkeeper, 2 defender, 3 midfielder, 4 forward, 5 substitute.
-- team_role: 0 player, 1 admin (may manage the team like its owner, except deleting it and naming admins).
CREATE TABLE team_player (
  id            uuid PRIMARY KEY,
  team_id       uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  player_id     uuid NOT NULL REFERENCES player (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL,
  creator_id    uuid NOT NULL,
  field_role    smallint NOT NULL DEFAULT 0 CHECK (field_role BETWEEN 0 AND 5),
  team_role     smallint NOT NULL DEFAULT 0 CHECK (team_role IN (0, 1)),
  number        smallint NOT NULL CHECK (number BETWEEN 1 AND 99),
  is_main_squad boolean NOT NULL DEFAULT false,
  is_confirmed  boolean NOT NULL DEFAULT false,
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_time   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT team_player_team_player_key UNIQUE (team_id, player_id),
  CONSTRAINT team_player_team_number_key UNIQUE (team_id, number)
);
-- A team's roster by number is served by team_player_team_number_key; the unfiltered list by this one.
CREATE INDEX team_player_number_id_idx ON team_player (number, id);
CREATE INDEX team_player_player_id_idx ON team_player (player_id);
CREATE INDEX team_player_user_id_team_id_idx ON team_player (user_id, team_id);

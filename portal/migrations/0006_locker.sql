-- The locker room: a team's formations and where its players stand on the pitch in each.
-- Every team has at least one formation and exactly one default; the portal keeps that under a lock
-- on the team row, and the partial unique index below guards the "exactly one".
CREATE TABLE team_formation (
  id          uuid PRIMARY KEY,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  is_default  boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- A team's formations in creation order.
CREATE INDEX team_formation_team_id_idx ON team_formation (team_id, create_time, id);
CREATE UNIQUE INDEX team_formation_one_default_idx ON team_formation (team_id) WHERE is_default;

-- A player's place in one formation; x and y are fractions of the pitch (0..1).
-- The player's membership is a foreign key: leaving the team removes the player from every formation.
CREATE TABLE team_player_position (
  id           uuid PRIMARY KEY,
  team_id      uuid NOT NULL,
  formation_id uuid NOT NULL REFERENCES team_formation (id) ON DELETE CASCADE,
  player_id    uuid NOT NULL,
  x            double precision NOT NULL CHECK (x BETWEEN 0 AND 1),
  y            double precision NOT NULL CHECK (y BETWEEN 0 AND 1),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_time  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT team_player_position_player_fkey FOREIGN KEY (team_id, player_id)
    REFERENCES team_player (team_id, player_id) ON DELETE CASCADE,
  -- One position per player per formation; also the list of a formation's positions.
  CONSTRAINT team_player_position_formation_player_key UNIQUE (formation_id, player_id)
);
-- Serves the cascade when a membership is removed.
CREATE INDEX team_player_position_team_player_idx ON team_player_position (team_id, player_id);

-- Tournaments. tournament_type: 0 cup, 1 round-robin. access: 'open' (teams may apply) or 'closed' (only
-- the tournament's creator adds teams). image_url holds an uploaded file's id. Deletion is soft. Times
-- keep milliseconds only, so a list cursor (a JavaScript date) names a row exactly.
-- Ratings: one per user (tournament_rating); rating_sum and rating_count are changed by the transaction
-- that changes a rating, under the tournament's row lock, so they stay exact without a recount.
CREATE TABLE tournament (
  id              uuid PRIMARY KEY,
  title           text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description     text NOT NULL DEFAULT '' CHECK (length(description) <= 5000),
  image_url       uuid,
  tournament_type smallint NOT NULL CHECK (tournament_type IN (0, 1)),
  access          text NOT NULL DEFAULT 'open' CHECK (access IN ('open', 'closed')),
  start_time      timestamptz(3) NOT NULL,
  rating_sum      bigint NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  rating_count    integer NOT NULL DEFAULT 0 CHECK (rating_count >= 0),
  creator_id      uuid NOT NULL,
  create_time     timestamptz(3) NOT NULL DEFAULT now(),
  update_time     timestamptz(3) NOT NULL DEFAULT now(),
  delete_time     timestamptz
);
-- Live tournaments, newest first or by start time: all of them, of one type, or of one creator.
CREATE INDEX tournament_create_idx ON tournament (create_time, id) WHERE delete_time IS NULL;
CREATE INDEX tournament_type_create_idx ON tournament (tournament_type, create_time, id) WHERE delete_time IS NULL;
CREATE INDEX tournament_creator_create_idx ON tournament (creator_id, create_time, id) WHERE delete_time IS NULL;
CREATE INDEX tournament_start_idx ON tournament (start_time, id) WHERE delete_time IS NULL;
CREATE INDEX tournament_type_start_idx ON tournament (tournament_type, start_time, id) WHERE delete_time IS NULL;
CREATE INDEX tournament_creator_start_idx ON tournament (creator_id, start_time, id) WHERE delete_time IS NULL;

CREATE TABLE tournament_rating (
  tournament_id uuid NOT NULL REFERENCES tournament (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL,
  rating        smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_time   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, user_id)
);

-- A team's participation in a tournament. initiator 'organizer': the tournament's creator added the team,
-- and the team's managers confirm; 'team': the team's managers applied, and the tournament's creator
-- confirms. tournament_start_time and tournament_deleted copy the tournament's start_time and whether it
-- is deleted, changed in the same transaction as the tournament (under its row lock), so links are listed
-- by start time from one index.
CREATE TABLE team_tournament (
  id                    uuid PRIMARY KEY,
  team_id               uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  tournament_id         uuid NOT NULL REFERENCES tournament (id) ON DELETE CASCADE,
  initiator             text NOT NULL CHECK (initiator IN ('organizer', 'team')),
  is_confirmed          boolean NOT NULL DEFAULT false,
  tournament_start_time timestamptz(3) NOT NULL,
  tournament_deleted    boolean NOT NULL DEFAULT false,
  create_time           timestamptz(3) NOT NULL DEFAULT now(),
  update_time           timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT team_tournament_team_tournament_key UNIQUE (team_id, tournament_id)
);
-- A team's tournaments, a tournament's teams, or all links, by the tournament's start time.
CREATE INDEX team_tournament_team_start_idx ON team_tournament (team_id, tournament_start_time, id);
CREATE INDEX team_tournament_tournament_start_idx ON team_tournament (tournament_id, tournament_start_time, id);
CREATE INDEX team_tournament_start_idx ON team_tournament (tournament_start_time, id);

-- Matches between a home team (owner_team_id) and a guest team. The teams are referred to by id with no
-- foreign key: deleting a team leaves its matches as they were, and clients show the id of a team that
-- is gone. Times keep milliseconds only, so a list cursor (a JavaScript date) names a row exactly.
CREATE TABLE match (
  id            uuid PRIMARY KEY,
  owner_team_id uuid NOT NULL,
  guest_team_id uuid NOT NULL,
  match_time    timestamptz(3) NOT NULL,
  creator_id    uuid NOT NULL,
  create_time   timestamptz(3) NOT NULL DEFAULT now(),
  update_time   timestamptz(3) NOT NULL DEFAULT now(),
  CONSTRAINT match_teams_differ CHECK (owner_team_id <> guest_team_id)
);
-- Lists by match time, either way: all matches, a team's home ones, its away ones; a team's matches on
-- either side merge the last two.
CREATE INDEX match_time_idx ON match (match_time, id);
CREATE INDEX match_owner_time_idx ON match (owner_team_id, match_time, id);
CREATE INDEX match_guest_time_idx ON match (guest_team_id, match_time, id);

-- Calendar feeds: secret addresses a calendar app subscribes to, without a session. A feed is a team's
-- (team_id) or, without one, its user's: every team they belong to when it is read. Only the token's hash
-- is kept, so the address is shown once, when it is made.
CREATE TABLE calendar_feed (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL,
  team_id     uuid REFERENCES team (id) ON DELETE CASCADE,
  token_hash  text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT calendar_feed_token_key UNIQUE (token_hash)
);
CREATE INDEX calendar_feed_user_idx ON calendar_feed (user_id, create_time, id);
CREATE INDEX calendar_feed_team_idx ON calendar_feed (team_id);

-- Who is coming: a member's answer to a team event or to a match, for their own team (a match has two).
-- Exactly one of event_id and match_id is set; answers go with the event, the match or the team.
CREATE TABLE attendance (
  event_id    uuid REFERENCES team_event (id) ON DELETE CASCADE,
  match_id    uuid REFERENCES match (id) ON DELETE CASCADE,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL,
  status      text NOT NULL CHECK (status IN ('yes', 'no', 'maybe')),
  comment     text NOT NULL DEFAULT '' CHECK (length(comment) <= 200),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT attendance_one_target CHECK ((event_id IS NULL) <> (match_id IS NULL))
);
-- One answer per user and target (and side of a match); a target's answers are read through them.
CREATE UNIQUE INDEX attendance_event_key ON attendance (event_id, team_id, user_id) WHERE event_id IS NOT NULL;
CREATE UNIQUE INDEX attendance_match_key ON attendance (match_id, team_id, user_id) WHERE match_id IS NOT NULL;
CREATE INDEX attendance_team_idx ON attendance (team_id);

-- A team's answer deadline for a target, set by its managers; answers close at it (or at the start).
CREATE TABLE attendance_deadline (
  event_id    uuid REFERENCES team_event (id) ON DELETE CASCADE,
  match_id    uuid REFERENCES match (id) ON DELETE CASCADE,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  deadline    timestamptz(3) NOT NULL,
  CONSTRAINT attendance_deadline_one_target CHECK ((event_id IS NULL) <> (match_id IS NULL))
);
CREATE UNIQUE INDEX attendance_deadline_event_key ON attendance_deadline (event_id, team_id) WHERE event_id IS NOT NULL;
CREATE UNIQUE INDEX attendance_deadline_match_key ON attendance_deadline (match_id, team_id) WHERE match_id IS NOT NULL;
-- Deadlines coming up, for the reminders.
CREATE INDEX attendance_deadline_time_idx ON attendance_deadline (deadline);
CREATE INDEX attendance_deadline_team_idx ON attendance_deadline (team_id);

-- A team's squad for a match, picked by its managers: players (appearances are per player), with the
-- shirt number they had when picked. No foreign key to the team: a match outlives a deleted team.
CREATE TABLE match_squad (
  match_id    uuid NOT NULL REFERENCES match (id) ON DELETE CASCADE,
  team_id     uuid NOT NULL,
  player_id   uuid NOT NULL REFERENCES player (id) ON DELETE CASCADE,
  number      smallint CHECK (number BETWEEN 1 AND 99),
  position    smallint NOT NULL CHECK (position >= 0),
  create_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (match_id, team_id, player_id)
);
-- A player's appearances.
CREATE INDEX match_squad_player_idx ON match_squad (player_id, match_id);

-- Calendar feeds' SEQUENCE: bumped by every change of an event or a match, so subscribed calendars take it.
ALTER TABLE team_event ADD COLUMN sequence integer NOT NULL DEFAULT 0;
ALTER TABLE match ADD COLUMN sequence integer NOT NULL DEFAULT 0;
-- Events starting soon, whatever their team, for the reminders.
CREATE INDEX team_event_time_idx ON team_event (event_time);

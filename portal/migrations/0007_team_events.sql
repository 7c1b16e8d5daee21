-- A team's calendar: matches, trainings, tournaments, birthdays and other events.
CREATE TABLE team_event (
  id          uuid PRIMARY KEY,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  title       text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  type        text NOT NULL CHECK (type IN ('match', 'training', 'tournament', 'birthday', 'other')),
  event_time  timestamptz NOT NULL,
  place       text NOT NULL DEFAULT '' CHECK (length(place) <= 200),
  creator_id  uuid NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- A team's events in a date range, by time.
CREATE INDEX team_event_team_id_event_time_idx ON team_event (team_id, event_time, id);

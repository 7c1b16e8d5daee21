-- Reminders of team events and matches. kind 'unanswered': to members who have not answered, before the
-- answer deadline (or the start); 'coming': to those who answered «Приду», before the start.

-- A member's switches; no row means both kinds are on.
CREATE TABLE reminder_settings (
  user_id     uuid PRIMARY KEY,
  unanswered  boolean NOT NULL DEFAULT true,
  coming      boolean NOT NULL DEFAULT true,
  update_time timestamptz NOT NULL DEFAULT now()
);

-- A target's reminder of one kind for one team, claimed by the node that sends it: the insert of this row
-- is the claim (a second node's insert waits for the first's commit and finds it), in the transaction that
-- records and notifies. target_id is an event's or a match's id (random UUIDs: they never meet).
CREATE TABLE reminder_run (
  kind        text NOT NULL CHECK (kind IN ('unanswered', 'coming')),
  target_id   uuid NOT NULL,
  team_id     uuid NOT NULL,
  run_time    timestamptz NOT NULL DEFAULT now(),
  recipients  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (kind, target_id, team_id)
);

-- Each reminder sent: one per kind, target and member, ever.
CREATE TABLE reminder_sent (
  kind        text NOT NULL CHECK (kind IN ('unanswered', 'coming')),
  target_id   uuid NOT NULL,
  user_id     uuid NOT NULL,
  team_id     uuid NOT NULL,
  sent_time   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, target_id, user_id)
);

-- What a user has read of their notifications (the game server's, which have no read flag). Their times
-- are whole seconds as listed, so the marker is a second before which every notification is read, plus the
-- ids read one by one at or after it (the newest 200 marked).
CREATE TABLE notification_read (
  user_id     uuid PRIMARY KEY,
  read_before timestamptz,
  read_ids    uuid[] NOT NULL DEFAULT '{}',
  update_time timestamptz NOT NULL DEFAULT now()
);

-- Persistent notifications, listed oldest first per user.
CREATE TABLE notification (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  subject     text NOT NULL,
  content     jsonb NOT NULL DEFAULT '{}',
  code        integer NOT NULL,
  sender_id   uuid,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notification_user_id_create_time_id_idx ON notification (user_id, create_time, id);

-- Persisted chat messages of room, group and direct channels, addressed by their stream.
-- Room: subject '', descriptor '', label = room name. Group: subject = group id.
-- Direct: subject and descriptor = the two user ids, the smaller first.
CREATE TABLE message (
  id                uuid PRIMARY KEY,
  code              smallint NOT NULL DEFAULT 0,
  sender_id         uuid NOT NULL,
  username          text NOT NULL,
  stream_mode       smallint NOT NULL,
  stream_subject    text NOT NULL DEFAULT '',
  stream_descriptor text NOT NULL DEFAULT '',
  stream_label      text NOT NULL DEFAULT '',
  content           jsonb NOT NULL DEFAULT '{}',
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_time       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_stream_create_time_id_idx
  ON message (stream_mode, stream_subject, stream_descriptor, stream_label, create_time, id);
CREATE INDEX message_sender_id_idx ON message (sender_id);

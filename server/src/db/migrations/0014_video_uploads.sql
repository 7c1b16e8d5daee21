-- Unfinished resumable uploads, a row each while their bytes come (the bytes in DATA_DIR/video-uploads):
-- they count against their owner's video quota, and the hourly clean-up removes those left unfinished
-- past VIDEO_UPLOAD_EXPIRY_HOURS.
CREATE TABLE video_upload (
  id          text PRIMARY KEY,
  owner_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_upload_owner_id_idx ON video_upload (owner_id);
CREATE INDEX video_upload_create_time_idx ON video_upload (create_time);

-- A video a module uses (a news item shows it) is attached; one nobody attached within
-- VIDEO_UPLOAD_EXPIRY_HOURS of its upload is removed with its files. Videos already there are kept.
ALTER TABLE video ADD COLUMN attach_time timestamptz;
UPDATE video SET attach_time = create_time;
CREATE INDEX video_unattached_idx ON video (create_time) WHERE attach_time IS NULL;

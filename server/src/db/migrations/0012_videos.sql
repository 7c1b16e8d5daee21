-- Uploaded videos: the upload in DATA_DIR/videos/<id>/source until it is encoded, then AV1 and H.264
-- renditions and a WebP poster beside it. A video outlives its owner's account, like a file.
CREATE TABLE video (
  id          uuid PRIMARY KEY,
  owner_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  status      text NOT NULL CHECK (status IN ('queued', 'processing', 'ready', 'failed')),
  progress    smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  size        bigint NOT NULL CHECK (size >= 0),
  width       integer CHECK (width > 0),
  height      integer CHECK (height > 0),
  duration_ms integer CHECK (duration_ms >= 0),
  error       text,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_owner_id_idx ON video (owner_id);

-- The encoding queue: one row per video waiting or being encoded, removed when it is done or has failed
-- for good. A worker claims a row (FOR UPDATE SKIP LOCKED) with a lease it renews while ffmpeg runs; a
-- lease that runs out (its node stopped) frees the row for another worker, and only the lease's holder
-- may finish it, so a job is neither lost nor finished twice.
CREATE TABLE video_job (
  video_id    uuid PRIMARY KEY REFERENCES video (id) ON DELETE CASCADE,
  attempts    integer NOT NULL DEFAULT 0,
  run_after   timestamptz NOT NULL DEFAULT now(),
  lease_id    uuid,
  lease_until timestamptz,
  last_error  text
);
CREATE INDEX video_job_due_idx ON video_job (run_after);

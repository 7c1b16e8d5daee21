-- Uploaded files: the bytes live in DATA_DIR/uploads/<id>, their metadata here. A file outlives its
-- owner's account (others may still show it), so the owner is only cleared.
CREATE TABLE file (
  id          uuid PRIMARY KEY,
  owner_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  mime        text NOT NULL,
  size        integer NOT NULL CHECK (size >= 0),
  width       integer CHECK (width > 0),
  height      integer CHECK (height > 0),
  sha256      text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  create_time timestamptz NOT NULL DEFAULT now()
);
-- Clearing the owner when an account is deleted.
CREATE INDEX file_owner_id_idx ON file (owner_id);

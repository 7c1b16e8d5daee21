-- The system user owns server-side storage objects and system messages (the nil uuid, as upstream).
INSERT INTO users (id, username) VALUES ('00000000-0000-0000-0000-000000000000', '') ON CONFLICT DO NOTHING;

-- Storage objects: JSON object values keyed by (collection, key, owner), with read (0 none, 1 owner,
-- 2 public) and write (0 none, 1 owner) permissions and an MD5 version for optimistic concurrency.
CREATE TABLE storage (
  collection  text NOT NULL CHECK (length(collection) BETWEEN 1 AND 128),
  key         text NOT NULL CHECK (length(key) BETWEEN 1 AND 128),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  value       jsonb NOT NULL DEFAULT '{}',
  version     text NOT NULL,
  read        smallint NOT NULL DEFAULT 1 CHECK (read BETWEEN 0 AND 2),
  write       smallint NOT NULL DEFAULT 1 CHECK (write BETWEEN 0 AND 1),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, key, user_id)
);
-- Listing one user's objects of a collection, and all public objects of a collection.
CREATE INDEX storage_collection_user_id_key_idx ON storage (collection, user_id, key);
CREATE INDEX storage_collection_read_key_user_id_idx ON storage (collection, read, key, user_id);
CREATE INDEX storage_user_id_idx ON storage (user_id);

-- Friend edges, one row per direction: 0 friend, 1 invite sent, 2 invite received, 3 blocked.
-- position orders a user's list (newest change last) and makes list cursors stable.
CREATE TABLE user_edge (
  source_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  destination_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state          smallint NOT NULL CHECK (state BETWEEN 0 AND 3),
  position       bigint NOT NULL,
  metadata       jsonb NOT NULL DEFAULT '{}',
  update_time    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (source_id, destination_id),
  CHECK (source_id <> destination_id)
);
CREATE INDEX user_edge_source_id_state_position_idx ON user_edge (source_id, state, position, destination_id);
CREATE INDEX user_edge_destination_id_idx ON user_edge (destination_id);

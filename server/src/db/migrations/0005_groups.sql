-- Groups and their members. Member states: 0 superadmin, 1 admin, 2 member, 3 join request, 4 banned.
CREATE TABLE groups (
  id          uuid PRIMARY KEY,
  creator_id  uuid REFERENCES users (id) ON DELETE SET NULL,
  name        text NOT NULL,
  description text,
  avatar_url  text,
  lang_tag    text NOT NULL DEFAULT 'en',
  metadata    jsonb NOT NULL DEFAULT '{}',
  open        boolean NOT NULL DEFAULT true,
  edge_count  integer NOT NULL DEFAULT 0 CHECK (edge_count >= 0),
  max_count   integer NOT NULL DEFAULT 100 CHECK (max_count >= 1),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
-- Names are unique regardless of case; listing by name prefix uses the same expression.
CREATE UNIQUE INDEX groups_name_key ON groups (lower(name));
CREATE INDEX groups_lower_name_pattern_idx ON groups (lower(name) text_pattern_ops, id);
CREATE INDEX groups_lang_tag_idx ON groups (lang_tag, id);
CREATE INDEX groups_edge_count_idx ON groups (edge_count, id);
CREATE INDEX groups_open_idx ON groups (open, id);
CREATE INDEX groups_update_time_idx ON groups (update_time, id);

CREATE TABLE group_edge (
  group_id    uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  state       smallint NOT NULL CHECK (state BETWEEN 0 AND 4),
  position    bigint NOT NULL,
  update_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_edge_group_id_state_position_idx ON group_edge (group_id, state, position, user_id);
CREATE INDEX group_edge_user_id_state_position_idx ON group_edge (user_id, state, position, group_id);

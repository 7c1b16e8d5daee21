-- Leaderboards, kept as upstream keeps them: one table that game tournaments share (their columns,
-- category to start_time, are unused by plain leaderboards), and records keyed by (board, period, owner).
-- sort_order: 0 ascending, 1 descending; operator: 0 best, 1 set, 2 incr, 3 decr (upstream's numbers).
CREATE TABLE leaderboard (
  id             text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 128),
  authoritative  boolean NOT NULL DEFAULT false,
  sort_order     smallint NOT NULL DEFAULT 1 CHECK (sort_order BETWEEN 0 AND 1),
  operator       smallint NOT NULL DEFAULT 0 CHECK (operator BETWEEN 0 AND 3),
  reset_schedule text,
  metadata       jsonb NOT NULL DEFAULT '{}',
  enable_ranks   boolean NOT NULL DEFAULT true,
  create_time    timestamptz NOT NULL DEFAULT now(),
  category       smallint NOT NULL DEFAULT 0,
  description    text NOT NULL DEFAULT '',
  duration       integer NOT NULL DEFAULT 0,
  end_time       timestamptz,
  join_required  boolean NOT NULL DEFAULT false,
  max_size       integer NOT NULL DEFAULT 100000000,
  max_num_score  integer NOT NULL DEFAULT 1000000,
  title          text NOT NULL DEFAULT '',
  size           integer NOT NULL DEFAULT 0,
  start_time     timestamptz NOT NULL DEFAULT now()
);

-- expiry_time is the end of the record's period; the epoch for boards without a reset schedule.
CREATE TABLE leaderboard_record (
  leaderboard_id text NOT NULL REFERENCES leaderboard (id) ON DELETE CASCADE,
  owner_id       uuid NOT NULL,
  username       text,
  score          bigint NOT NULL DEFAULT 0,
  subscore       bigint NOT NULL DEFAULT 0,
  num_score      integer NOT NULL DEFAULT 1,
  max_num_score  integer NOT NULL DEFAULT 1000000,
  metadata       jsonb NOT NULL DEFAULT '{}',
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_time    timestamptz NOT NULL DEFAULT now(),
  expiry_time    timestamptz NOT NULL DEFAULT 'epoch',
  PRIMARY KEY (leaderboard_id, expiry_time, owner_id)
);
-- Listing and ranking in either order: ties go to the earlier update, then the smaller owner id.
CREATE INDEX leaderboard_record_asc_idx ON leaderboard_record (leaderboard_id, expiry_time, score, subscore, update_time, owner_id);
CREATE INDEX leaderboard_record_desc_idx ON leaderboard_record (leaderboard_id, expiry_time, score DESC, subscore DESC, update_time, owner_id);
CREATE INDEX leaderboard_record_owner_id_idx ON leaderboard_record (owner_id);

-- One row per reset handled: the node that inserts it runs the reset hooks, once across a cluster.
CREATE TABLE leaderboard_reset (
  leaderboard_id text NOT NULL REFERENCES leaderboard (id) ON DELETE CASCADE,
  reset_time     timestamptz NOT NULL,
  node           text NOT NULL,
  PRIMARY KEY (leaderboard_id, reset_time)
);

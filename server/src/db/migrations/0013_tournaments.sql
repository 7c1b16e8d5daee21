-- Tournaments are leaderboard rows with a duration. size counts the joins of one period: size_expiry names
-- that period (its end), so a new period starts from zero without a write at the reset.
ALTER TABLE leaderboard ADD COLUMN size_expiry timestamptz NOT NULL DEFAULT 'epoch';

-- A tournament's end is claimed like a reset, once across nodes; kind tells them apart when both fall
-- at the same instant.
ALTER TABLE leaderboard_reset ADD COLUMN kind text NOT NULL DEFAULT 'reset' CHECK (kind IN ('reset', 'end'));
ALTER TABLE leaderboard_reset DROP CONSTRAINT leaderboard_reset_pkey;
ALTER TABLE leaderboard_reset ADD PRIMARY KEY (leaderboard_id, reset_time, kind);

CREATE INDEX leaderboard_tournament_idx ON leaderboard (category, id) WHERE duration > 0;

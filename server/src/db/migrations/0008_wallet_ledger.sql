-- The wallet ledger: one row per change applied to a user's wallet (users.wallet), with the module's
-- metadata. Listed per user, newest first.
CREATE TABLE wallet_ledger (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  changeset   jsonb NOT NULL,
  metadata    jsonb NOT NULL DEFAULT '{}',
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_ledger_user_id_create_time_id_idx ON wallet_ledger (user_id, create_time DESC, id DESC);

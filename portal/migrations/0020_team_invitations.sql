-- Invitations to a team, made by its managers: to one user (invitee_id), or a join link whose secret
-- token is kept only as its SHA-256 in hex (token_hash). A row is a live invitation: accepting a user's
-- invitation, declining or revoking one deletes it; a link counts its uses (use_count) and may have an
-- expiry and a cap on uses.
CREATE TABLE team_invitation (
  id          uuid PRIMARY KEY,
  team_id     uuid NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  creator_id  uuid NOT NULL,
  invitee_id  uuid,
  token_hash  text CHECK (length(token_hash) = 64),
  expire_time timestamptz,
  max_uses    integer CHECK (max_uses BETWEEN 1 AND 1000),
  use_count   integer NOT NULL DEFAULT 0,
  create_time timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT team_invitation_kind_check CHECK ((invitee_id IS NULL) <> (token_hash IS NULL)),
  -- One invitation per user and team; a link is found by its token's hash.
  CONSTRAINT team_invitation_team_invitee_key UNIQUE (team_id, invitee_id),
  CONSTRAINT team_invitation_token_hash_key UNIQUE (token_hash)
);
-- A team's invitations, newest first (and the count of the per-team cap).
CREATE INDEX team_invitation_team_id_idx ON team_invitation (team_id, create_time DESC, id DESC);
-- A user's invitations, newest first.
CREATE INDEX team_invitation_invitee_id_idx ON team_invitation (invitee_id, create_time DESC, id DESC) WHERE invitee_id IS NOT NULL;

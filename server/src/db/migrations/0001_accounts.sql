-- Accounts, their credentials and revoked sessions.

CREATE TABLE users (
  id                       uuid PRIMARY KEY,
  username                 text NOT NULL,
  display_name             text,
  avatar_url               text,
  lang_tag                 text NOT NULL DEFAULT 'en',
  location                 text,
  timezone                 text,
  metadata                 jsonb NOT NULL DEFAULT '{}',
  wallet                   jsonb NOT NULL DEFAULT '{}',
  email                    text,
  password                 text,
  custom_id                text,
  facebook_id              text,
  google_id                text,
  gamecenter_id            text,
  steam_id                 text,
  apple_id                 text,
  facebook_instant_game_id text,
  edge_count               integer NOT NULL DEFAULT 0 CHECK (edge_count >= 0),
  create_time              timestamptz NOT NULL DEFAULT now(),
  update_time              timestamptz NOT NULL DEFAULT now(),
  verify_time              timestamptz,
  disable_time             timestamptz
);

-- Usernames are unique regardless of case, so "Ivan" and "ivan" cannot both exist.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_custom_id_key ON users (custom_id);
CREATE UNIQUE INDEX users_facebook_id_key ON users (facebook_id);
CREATE UNIQUE INDEX users_google_id_key ON users (google_id);
CREATE UNIQUE INDEX users_gamecenter_id_key ON users (gamecenter_id);
CREATE UNIQUE INDEX users_steam_id_key ON users (steam_id);
CREATE UNIQUE INDEX users_apple_id_key ON users (apple_id);
CREATE UNIQUE INDEX users_facebook_instant_game_id_key ON users (facebook_instant_game_id);

CREATE TABLE user_device (
  id      text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE
);
CREATE INDEX user_device_user_id_idx ON user_device (user_id);

-- A revoked token: any token with this id and kind expiring no later than exp is refused.
-- A refresh re-issues the same id with a later exp, exactly as the upstream session cache treats it.
CREATE TABLE session_revocation (
  token_id uuid NOT NULL,
  kind     smallint NOT NULL CHECK (kind IN (0, 1)), -- 0 session token, 1 refresh token
  user_id  uuid NOT NULL,
  exp      bigint NOT NULL,
  PRIMARY KEY (token_id, kind)
);
CREATE INDEX session_revocation_exp_idx ON session_revocation (exp);

-- "Log out everywhere": tokens issued at or before not_before_iat are refused.
CREATE TABLE session_floor (
  user_id        uuid PRIMARY KEY,
  not_before_iat bigint NOT NULL,
  expires        bigint NOT NULL
);

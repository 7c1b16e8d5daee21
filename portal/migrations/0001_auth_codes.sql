-- Sign-in by e-mail code and by Google. Times are written by the module's clock, never now().

-- One row per e-mail address: the outstanding code (only its hash) and the hourly send counter.
CREATE TABLE auth_codes (
  email        text PRIMARY KEY,
  -- HMAC-SHA-256 of the code keyed by salt; NULL when no code is outstanding.
  code_hash    text,
  salt         text,
  expires_at   timestamptz,
  -- Wrong tries against the current code.
  attempts     integer NOT NULL DEFAULT 0,
  sent_at      timestamptz,
  window_start timestamptz,
  window_count integer NOT NULL DEFAULT 0
);
CREATE INDEX auth_codes_window_idx ON auth_codes (window_start);

-- Codes sent per client address in the current hour.
CREATE TABLE auth_code_ips (
  client_ip    text PRIMARY KEY,
  window_start timestamptz,
  window_count integer NOT NULL DEFAULT 0
);
CREATE INDEX auth_code_ips_window_idx ON auth_code_ips (window_start);

-- Google sign-in states handed out by google_auth_url, each usable once by google_login.
CREATE TABLE auth_google_states (
  state        text PRIMARY KEY,
  redirect_uri text NOT NULL,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX auth_google_states_expires_idx ON auth_google_states (expires_at);

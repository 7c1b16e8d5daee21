-- Web Push: a user's devices (one subscription per browser, by its push service's endpoint) and, when the
-- configuration gives no VAPID keys, the key pair made once for this database (development).
CREATE TABLE push_subscription (
  endpoint    text PRIMARY KEY,
  user_id     uuid NOT NULL,
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscription_user_idx ON push_subscription (user_id, create_time);

CREATE TABLE push_vapid (
  id          int PRIMARY KEY CHECK (id = 1),
  public_key  text NOT NULL,
  private_key text NOT NULL
);

-- Coin purchases: a payment a user starts in the shop for one pack, at the pack's price in whole roubles.
-- provider_payment_id is the provider's id of it (YooKassa's; the test provider's is the payment's own),
-- set once the provider created it. Coins are credited by the transaction that moves a payment from
-- pending to succeeded (UPDATE ... WHERE status = 'pending'), so a payment credits once however often
-- its confirmation arrives; succeeded and canceled are final.
CREATE TABLE payment (
  id                  uuid PRIMARY KEY,
  user_id             uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pack_id             text NOT NULL,
  coins               integer NOT NULL CHECK (coins > 0),
  price               integer NOT NULL CHECK (price > 0),
  currency            text NOT NULL CHECK (currency = 'RUB'),
  method              text NOT NULL CHECK (method IN ('card', 'yoomoney', 'sbp')),
  provider            text NOT NULL CHECK (provider IN ('test', 'yookassa')),
  provider_payment_id text,
  confirmation_url    text,
  status              text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'canceled')),
  create_time         timestamptz NOT NULL DEFAULT now(),
  update_time         timestamptz NOT NULL DEFAULT now()
);
-- A provider's notification names its own id.
CREATE UNIQUE INDEX payment_provider_idx ON payment (provider, provider_payment_id);
-- Pending payments of a provider, oldest first: the test provider's pick-up at start.
CREATE INDEX payment_pending_idx ON payment (provider, create_time, id) WHERE status = 'pending';
-- A user's payments (and their removal with the account).
CREATE INDEX payment_user_idx ON payment (user_id, create_time);

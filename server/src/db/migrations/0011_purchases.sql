-- Validated in-app purchases and subscriptions. A purchase is stored once per store and transaction id,
-- a subscription once per store and original transaction id (renewals update it): the primary keys make
-- a replayed receipt, even sent twice at once, find the stored row instead of adding one. The store is
-- part of the key: two stores' ids (Apple's and Facebook's are both numbers) may coincide.
CREATE TABLE purchases (
  transaction_id    text NOT NULL,
  user_id           uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  store             smallint NOT NULL,
  product_id        text NOT NULL,
  environment       smallint NOT NULL DEFAULT 0,
  purchase_time     timestamptz NOT NULL,
  refund_time       timestamptz,
  provider_response text NOT NULL,
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_time       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store, transaction_id)
);
CREATE INDEX purchases_transaction_id_idx ON purchases (transaction_id);
CREATE INDEX purchases_user_id_purchase_time_idx ON purchases (user_id, purchase_time DESC, store DESC, transaction_id DESC);

CREATE TABLE subscriptions (
  original_transaction_id text NOT NULL,
  user_id                 uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  store                   smallint NOT NULL,
  product_id              text NOT NULL,
  environment             smallint NOT NULL DEFAULT 0,
  purchase_time           timestamptz NOT NULL,
  expire_time             timestamptz NOT NULL,
  refund_time             timestamptz,
  provider_response       text NOT NULL,
  create_time             timestamptz NOT NULL DEFAULT now(),
  update_time             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (store, original_transaction_id)
);
CREATE INDEX subscriptions_user_id_purchase_time_idx ON subscriptions (user_id, purchase_time DESC, store DESC, original_transaction_id DESC);
CREATE INDEX subscriptions_user_id_product_id_idx ON subscriptions (user_id, product_id, expire_time DESC);

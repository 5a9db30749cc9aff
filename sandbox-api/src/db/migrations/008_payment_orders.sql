-- v1.3: money that moves. Payment orders paid on the bank's page, the idempotency keys that
-- create them, saved cards and automatic payment. The bank's own state (its vault of saved
-- cards, the one-time code it asked for, its pending decision) lives in bank_* tables and
-- columns: the provider's side keeps no card number, expiry beyond MM/YY, or code.

-- The bank's vault: a saved card is a token at the bank; the sandbox's bank keeps how it
-- answers that card (its test-card rule), never the number.
CREATE TABLE bank_cards (
  token varchar(64) PRIMARY KEY,
  rule varchar(18) NOT NULL CHECK (rule IN ('approve', 'code', 'insufficient_funds', 'card_declined'))
);

-- A customer's saved cards (provider side). A removed card stays for the orders that name it.
CREATE TABLE cards (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  brand varchar(10) NOT NULL CHECK (brand IN ('visa', 'mastercard')),
  last4 char(4) NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  expires char(5) NOT NULL CHECK (expires ~ '^(0[1-9]|1[0-2])/[0-9]{2}$'),
  bank_token varchar(64) NOT NULL UNIQUE REFERENCES bank_cards (token),
  saved_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX cards_user ON cards (user_id, saved_at);

CREATE TABLE payment_orders (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  loan_id integer NOT NULL REFERENCES loans (id),
  purpose varchar(9) NOT NULL CHECK (purpose IN ('repayment', 'payoff', 'autopay')),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  status varchar(10) NOT NULL
    CHECK (status IN ('created', 'processing', 'succeeded', 'declined', 'expired', 'canceled')),
  -- Null for an automatic charge: nobody is sent anywhere.
  return_url text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  decline_reason varchar(21)
    CHECK (decline_reason IN ('insufficient_funds', 'card_declined', 'authentication_failed', 'bank_unavailable')),
  -- The saved card asked for, or the card saved by this payment.
  card_id integer REFERENCES cards (id),
  save_card boolean NOT NULL DEFAULT false,
  -- An automatic charge's due date: one charge per loan and day.
  autopay_date date,
  -- The bank's side. The page's address is /pay/<bank_token> (unguessable, not the id).
  bank_token varchar(64) UNIQUE,
  -- While created: the bank waits for the card ('card') or for its one-time code ('code').
  bank_step varchar(4) CHECK (bank_step IN ('card', 'code')),
  bank_code_hash varchar(64),
  bank_code_tries smallint,
  -- The card typed on the bank's page, to save on success: brand, last four, MM/YY, its rule.
  entered_brand varchar(10),
  entered_last4 char(4),
  entered_expires char(5),
  entered_rule varchar(18),
  -- While processing: when the bank decides, and what (succeeded or a decline reason).
  decide_at timestamptz,
  bank_outcome varchar(21),
  CONSTRAINT payment_orders_decided CHECK (
    (status IN ('created', 'processing')) = (decided_at IS NULL)
    AND (status = 'declined') = (decline_reason IS NOT NULL)
    AND (status <> 'processing' OR (decide_at IS NOT NULL AND bank_outcome IS NOT NULL)))
);
CREATE INDEX payment_orders_user ON payment_orders (user_id, created_at);
-- What the lazy settlement looks for on every read: created orders to expire, processing to decide.
CREATE INDEX payment_orders_open ON payment_orders (status) WHERE status IN ('created', 'processing');
-- One open order per loan: the route answers payment_in_progress, and this holds it under any race.
CREATE UNIQUE INDEX payment_orders_one_open ON payment_orders (loan_id) WHERE status IN ('created', 'processing');
CREATE UNIQUE INDEX payment_orders_autopay_day ON payment_orders (loan_id, autopay_date) WHERE autopay_date IS NOT NULL;

-- Idempotency-Key of an order's creation: one per customer and key, with a hash of the
-- request it answered. Two requests racing with one key meet on the primary key: the key is
-- claimed first, so the second waits for the first's transaction and then finds its order
-- (order_id is null only inside the transaction that creates the order).
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id),
  key varchar(64) NOT NULL,
  request_hash char(64) NOT NULL,
  order_id integer REFERENCES payment_orders (id),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- A payment names the order that paid it (null: repay/, payoff/ or a payment before v1.3);
-- an order pays once. An automatic charge is a Payment of its own kind.
ALTER TABLE payments ADD COLUMN order_id integer REFERENCES payment_orders (id);
CREATE UNIQUE INDEX payments_order ON payments (order_id) WHERE order_id IS NOT NULL;
ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_kind_check;
ALTER TABLE payments ADD CONSTRAINT payments_kind_check CHECK (kind IN ('repayment', 'payoff', 'autopay'));

-- Automatic payment per loan: the card it charges and since when (both null: off).
ALTER TABLE loans ADD COLUMN autopay_card_id integer REFERENCES cards (id);
ALTER TABLE loans ADD COLUMN autopay_since timestamptz;
ALTER TABLE loans ADD CONSTRAINT loans_autopay_both CHECK ((autopay_card_id IS NULL) = (autopay_since IS NULL))

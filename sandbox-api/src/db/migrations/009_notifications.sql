-- v1.4: told in time. A feed of notifications per customer, written in the transaction of the
-- event it tells of (or by the day's scheduled run), the customer's choice of channels, and the
-- purpose of each message in the outbox.

-- What a message was for: a one-time code, a security notice (someone tried the customer's
-- personal number), or a notification of v1.4's.
ALTER TABLE outbox ADD COLUMN purpose varchar(12) NOT NULL DEFAULT 'code'
  CHECK (purpose IN ('code', 'security', 'notification'));

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  kind varchar(19) NOT NULL CHECK (kind IN ('payment_due', 'payment_received', 'payment_declined',
    'overdue', 'application_decided', 'complaint_answered', 'hardship_decided')),
  loan_id integer REFERENCES loans (id),
  order_id integer REFERENCES payment_orders (id),
  amount numeric(12, 2),
  date date,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  -- A payment reminder is the one before its due date or the one on it: one of each per row.
  reminder varchar(6) CHECK (reminder IN ('before', 'due')),
  -- The Tbilisi day an overdue notice was written for: one a loan a day.
  notice_day date,
  -- Written in quiet hours (21:00–09:00 Tbilisi): its SMS waits for the first run at or after 09:00.
  sms_held boolean NOT NULL DEFAULT false,
  CONSTRAINT notifications_reminder CHECK ((kind = 'payment_due') = (reminder IS NOT NULL)),
  CONSTRAINT notifications_notice_day CHECK ((kind = 'overdue') = (notice_day IS NOT NULL))
);
-- The feed, newest first by write order, and its unread count.
CREATE INDEX notifications_feed ON notifications (user_id, id);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_held ON notifications (created_at) WHERE sms_held;
-- Never twice, whatever runs at once or again: a reminder per row (by due date) and stage, an
-- overdue notice per loan and day, a decline per order.
CREATE UNIQUE INDEX notifications_payment_due_once ON notifications (loan_id, date, reminder)
  WHERE kind = 'payment_due';
CREATE UNIQUE INDEX notifications_overdue_daily ON notifications (loan_id, notice_day)
  WHERE kind = 'overdue';
CREATE UNIQUE INDEX notifications_declined_once ON notifications (order_id)
  WHERE kind = 'payment_declined';

-- How many days before a due date the customer is reminded; no row: 3.
CREATE TABLE notification_preferences (
  user_id integer PRIMARY KEY REFERENCES users (id),
  reminder_days smallint NOT NULL CHECK (reminder_days IN (1, 3, 5))
);

-- The channels a customer chose for a kind; no row: both on. A lender must tell a borrower that
-- a payment failed or fell overdue, so those kinds keep a channel whatever writes here.
CREATE TABLE notification_channels (
  user_id integer NOT NULL REFERENCES users (id),
  kind varchar(19) NOT NULL CHECK (kind IN ('payment_due', 'payment_received', 'payment_declined',
    'overdue', 'application_decided', 'complaint_answered', 'hardship_decided')),
  sms boolean NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, kind),
  CONSTRAINT notification_channels_required
    CHECK (kind NOT IN ('overdue', 'payment_declined') OR sms OR email)
)

-- v1.2: a customer's records and voice. Payments keep how they were applied and carry a
-- receipt; applications keep the key terms they were offered; marketing consent; complaints;
-- hardship requests.

-- A withdrawal is not a payment (v1.2): what a customer returned on withdrawing moves from
-- payments to the loan. v1.1 recorded it as a payment at the withdrawal's time (closed_at).
ALTER TABLE loans ADD COLUMN withdrawal_returned numeric(12, 2) NOT NULL DEFAULT 0 CHECK (withdrawal_returned >= 0);
UPDATE loans l
   SET withdrawal_returned = p.amount
  FROM payments p
 WHERE l.closed_as = 'withdrawn' AND p.loan_id = l.id AND p.paid_at = l.closed_at;
DELETE FROM payments p
 USING loans l
 WHERE l.closed_as = 'withdrawn' AND p.loan_id = l.id AND p.paid_at = l.closed_at;

-- Each payment's split, its number within the loan and its receipt.
ALTER TABLE payments ADD COLUMN kind varchar(9) NOT NULL DEFAULT 'repayment' CHECK (kind IN ('repayment', 'payoff'));
ALTER TABLE payments ALTER COLUMN kind DROP DEFAULT;
ALTER TABLE payments ADD COLUMN penalty numeric(12, 2);
ALTER TABLE payments ADD COLUMN interest numeric(12, 2);
ALTER TABLE payments ADD COLUMN principal numeric(12, 2);
ALTER TABLE payments ADD COLUMN number integer;
ALTER TABLE payments ADD COLUMN receipt_number varchar(32);

-- Payments made before v1.2 kept no split. It is rebuilt by laying the loan's payments, oldest
-- first, over its schedule's rows (each row's interest before its principal); what lies beyond
-- the schedule is penalty. Exact for payments that paid rows without a penalty (the seed's);
-- for older penalties and payoffs an approximation that still adds up to the amount.
WITH paid AS (
  SELECT id, loan_id, amount,
         COALESCE(sum(amount) OVER (PARTITION BY loan_id ORDER BY paid_at, id
                                    ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before
    FROM payments
), laid AS (
  SELECT loan_id, interest, payment,
         COALESCE(sum(payment) OVER (PARTITION BY loan_id ORDER BY number
                                     ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS start
    FROM loan_schedule
), split AS (
  SELECT p.id,
         COALESCE(sum(GREATEST(0, LEAST(p.before + p.amount, r.start + r.interest)
                                  - GREATEST(p.before, r.start))), 0) AS interest,
         COALESCE(sum(GREATEST(0, LEAST(p.before + p.amount, r.start + r.payment)
                                  - GREATEST(p.before, r.start + r.interest))), 0) AS principal
    FROM paid p LEFT JOIN laid r ON r.loan_id = p.loan_id
   GROUP BY p.id
)
UPDATE payments p
   SET interest = s.interest, principal = s.principal, penalty = p.amount - s.interest - s.principal
  FROM split s
 WHERE s.id = p.id;
UPDATE payments p
   SET number = n.number
  FROM (SELECT id, row_number() OVER (PARTITION BY loan_id ORDER BY paid_at, id) AS number FROM payments) n
 WHERE n.id = p.id;
UPDATE payments SET receipt_number = 'R-' || loan_id || '-' || number;
ALTER TABLE payments ALTER COLUMN penalty SET NOT NULL;
ALTER TABLE payments ALTER COLUMN interest SET NOT NULL;
ALTER TABLE payments ALTER COLUMN principal SET NOT NULL;
ALTER TABLE payments ALTER COLUMN number SET NOT NULL;
ALTER TABLE payments ALTER COLUMN receipt_number SET NOT NULL;
ALTER TABLE payments ADD CONSTRAINT payments_split
  CHECK (penalty >= 0 AND interest >= 0 AND principal >= 0 AND penalty + interest + principal = amount);
ALTER TABLE payments ADD CONSTRAINT payments_receipt_number UNIQUE (receipt_number);
ALTER TABLE payments ADD CONSTRAINT payments_loan_number UNIQUE (loan_id, number);

-- The key terms as offered with the application (the loan terms it accepted, and when, are
-- already its terms_of_contract_id and created_at). Null for applications from before v1.2:
-- the product's figures have not changed since v1.0, so those are recomputed.
ALTER TABLE loan_applications ADD COLUMN total_payment numeric(12, 2);
ALTER TABLE loan_applications ADD COLUMN total_interest numeric(12, 2);
ALTER TABLE loan_applications ADD COLUMN service_fee numeric(12, 2);
ALTER TABLE loan_applications ADD COLUMN interest_rate numeric(6, 2);
ALTER TABLE loan_applications ADD COLUMN effective_interest_rate numeric(6, 2);
ALTER TABLE loan_applications ADD CONSTRAINT loan_applications_key_terms CHECK (
  (total_payment IS NULL) = (total_interest IS NULL) AND (total_payment IS NULL) = (service_fee IS NULL)
  AND (total_payment IS NULL) = (interest_rate IS NULL)
  AND (total_payment IS NULL) = (effective_interest_rate IS NULL));

-- Marketing consent: given when given_at is set and withdrawn_at is not. Nobody has given it yet.
ALTER TABLE users ADD COLUMN marketing_consent_given_at timestamptz;
ALTER TABLE users ADD COLUMN marketing_consent_withdrawn_at timestamptz;

-- Complaint case numbers count up within a (Tbilisi) year: GE-2026-000001.
CREATE TABLE complaint_numbers (
  year integer PRIMARY KEY,
  last integer NOT NULL
);

CREATE TABLE complaints (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  number varchar(20) NOT NULL UNIQUE,
  topic varchar(13) NOT NULL CHECK (topic IN ('loan', 'payment', 'personal_data', 'service', 'other')),
  loan_id integer REFERENCES loans (id),
  text text NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'answered')),
  created_at timestamptz NOT NULL,
  answer_due date NOT NULL,
  answer text,
  answered_at timestamptz,
  CONSTRAINT complaints_answered CHECK (
    (status = 'answered') = (answer IS NOT NULL) AND (answer IS NULL) = (answered_at IS NULL))
);
CREATE INDEX complaints_user ON complaints (user_id, created_at);

CREATE TABLE hardship_requests (
  id serial PRIMARY KEY,
  loan_id integer NOT NULL REFERENCES loans (id),
  kind varchar(15) NOT NULL CHECK (kind IN ('payment_holiday', 'date_change', 'restructuring')),
  reason varchar(11) NOT NULL CHECK (reason IN ('income_loss', 'illness', 'other')),
  text text NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'accepted', 'declined')),
  created_at timestamptz NOT NULL,
  answer_due date NOT NULL,
  answer text,
  answered_at timestamptz,
  CONSTRAINT hardship_requests_answered CHECK (
    (status = 'received') = (answer IS NULL) AND (answer IS NULL) = (answered_at IS NULL))
);
CREATE INDEX hardship_requests_loan ON hardship_requests (loan_id, created_at);
-- One open request per loan: the route answers hardship_request_open, and this holds it under any race.
CREATE UNIQUE INDEX hardship_requests_one_open ON hardship_requests (loan_id) WHERE status = 'received'

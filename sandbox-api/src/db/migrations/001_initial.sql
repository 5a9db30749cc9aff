-- The provider's data, one table per resource. Money is NUMERIC(12,2) (GEL); times are timestamptz.

CREATE TABLE users (
  id serial PRIMARY KEY,
  personal_number char(11) NOT NULL UNIQUE,
  first_name varchar(100) NOT NULL,
  last_name varchar(100) NOT NULL,
  birth_date date NOT NULL,
  phone_number char(9) NOT NULL,
  email varchar(254) NOT NULL,
  password_hash text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  phone_verified boolean NOT NULL DEFAULT false,
  is_banned boolean NOT NULL DEFAULT false,
  -- Applications of a flagged user are rejected when decided (the sandbox's credit rule).
  risk_flag boolean NOT NULL DEFAULT false,
  registration_terms_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Refresh tokens that may no longer be used: rotated or logged out (simplejwt's blacklist).
CREATE TABLE token_blacklist (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE TABLE login_attempts (
  id serial PRIMARY KEY,
  username varchar(11) NOT NULL,
  attempted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_username ON login_attempts (username, attempted_at);

-- One-time codes: e-mail and phone verification, password recovery. Only a hash is kept.
CREATE TABLE verification_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  purpose varchar(10) NOT NULL CHECK (purpose IN ('email', 'phone', 'recovery')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  tries_left integer NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX verification_codes_user ON verification_codes (user_id, purpose, created_at);

-- What would have been sent by SMS or e-mail; nothing leaves the machine.
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  channel varchar(5) NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient varchar(254) NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE device_logs (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  user_agent varchar(512) NOT NULL,
  platform varchar(100) NOT NULL,
  language varchar(35) NOT NULL,
  screen varchar(50) NOT NULL,
  timezone varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE photos (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  kind varchar(8) NOT NULL CHECK (kind IN ('id_front', 'id_back', 'selfie')),
  content_type varchar(20) NOT NULL,
  file_name text NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX photos_user ON photos (user_id, kind, uploaded_at);

CREATE TABLE terms_of_contract (
  id serial PRIMARY KEY,
  contact_type smallint NOT NULL CHECK (contact_type IN (1, 2)),
  title varchar(200) NOT NULL,
  content text NOT NULL,
  version varchar(20) NOT NULL,
  published_at timestamptz NOT NULL
);

CREATE TABLE question_answer (
  id serial PRIMARY KEY,
  question varchar(300) NOT NULL,
  answer text NOT NULL,
  "order" integer NOT NULL
);

CREATE TABLE slider (
  id serial PRIMARY KEY,
  title varchar(200) NOT NULL,
  description text NOT NULL,
  image text NOT NULL,
  link text,
  "order" integer NOT NULL
);

CREATE TABLE loan_applications (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  term integer NOT NULL CHECK (term > 0),
  terms_of_contract_id integer NOT NULL REFERENCES terms_of_contract (id),
  status varchar(9) NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'rejected', 'issued', 'canceled')),
  monthly_payment numeric(12, 2) NOT NULL,
  rejection_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX loan_applications_user ON loan_applications (user_id, created_at);

CREATE TABLE loans (
  id serial PRIMARY KEY,
  application_id integer NOT NULL UNIQUE REFERENCES loan_applications (id),
  user_id integer NOT NULL REFERENCES users (id),
  amount numeric(12, 2) NOT NULL,
  term integer NOT NULL,
  annual_rate numeric(6, 2) NOT NULL,
  monthly_payment numeric(12, 2) NOT NULL,
  issued_at timestamptz NOT NULL
);
CREATE INDEX loans_user ON loans (user_id);

CREATE TABLE loan_schedule (
  loan_id integer NOT NULL REFERENCES loans (id),
  number integer NOT NULL,
  date date NOT NULL,
  principal numeric(12, 2) NOT NULL,
  interest numeric(12, 2) NOT NULL,
  payment numeric(12, 2) NOT NULL,
  balance numeric(12, 2) NOT NULL,
  -- What has been paid towards this row; the row is paid when it reaches `payment`.
  paid_amount numeric(12, 2) NOT NULL DEFAULT 0,
  PRIMARY KEY (loan_id, number)
);

CREATE TABLE payments (
  id serial PRIMARY KEY,
  loan_id integer NOT NULL REFERENCES loans (id),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  paid_at timestamptz NOT NULL DEFAULT now()
);

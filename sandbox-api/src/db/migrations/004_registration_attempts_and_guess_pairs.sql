-- Registration attempts are throttled per client address: an attempt reveals whether a
-- personal number is registered, so each one costs (README: registration).
CREATE TABLE registration_attempts (
  id serial PRIMARY KEY,
  address varchar(45) NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX registration_attempts_address ON registration_attempts (address, attempted_at);

-- Password guesses are limited per (username, address) pair, and delayed per username.
CREATE INDEX login_attempts_pair ON login_attempts (username, address, attempted_at);

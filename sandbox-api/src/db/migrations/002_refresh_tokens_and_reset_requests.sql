-- Every refresh token issued (simplejwt's OutstandingToken), so that a password recovery can
-- blacklist all of a user's sessions at once.
CREATE TABLE outstanding_tokens (
  jti text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX outstanding_tokens_user ON outstanding_tokens (user_id);

-- Password-reset requests by username, known or not: throttling by username keeps an unknown
-- username indistinguishable from a registered one (verification_codes needs a user).
CREATE TABLE reset_requests (
  id serial PRIMARY KEY,
  username varchar(11) NOT NULL,
  requested_at timestamptz NOT NULL
);
CREATE INDEX reset_requests_username ON reset_requests (username, requested_at);

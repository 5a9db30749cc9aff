-- Development only (/__sandbox/tokens/expire): access tokens expired before their time, so a
-- client's refresh can be tested without waiting out a token's lifetime.
CREATE TABLE expired_access_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Password guesses are limited per address too, not only per username (README: login throttle).
ALTER TABLE login_attempts ADD COLUMN address varchar(45);
CREATE INDEX login_attempts_address ON login_attempts (address, attempted_at);

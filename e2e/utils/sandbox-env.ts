/**
 * The embedded sandbox as the suite runs it: a fresh in-memory database, so every run starts
 * from the seed (playwright.config.ts's web server, and scripts/version-skew.ts's servers).
 */
export const E2E_SANDBOX_ENV = {
  SANDBOX_DATA_DIR: 'memory://',
  SANDBOX_UPLOAD_DIR: '../.e2e-tmp/sandbox-uploads',
  SANDBOX_LOG_LEVEL: 'warn',
  // Short enough that the refresh test waits for a real expiry, and every longer test
  // crosses one (sessions must survive it transparently).
  ACCESS_TOKEN_TTL: '10',
  // Photos and applications are decided in seconds, not the default ten.
  DECISION_DELAY: '2',
  // The bank decides a card payment 6 s after the submit, not 2: the return page must find it
  // still processing (payment.spec looks at that state), and on a loaded machine the redirect,
  // the page and its first read of the order took longer than 2 s (the phone's test failed
  // both attempts in CI, the page showing the outcome at once). A test that has seen the
  // return page has the bank decide at once (payment-utils expectOutcome); one payment waits
  // for the bank's own decision.
  BANK_DECISION_SECONDS: '6',
  // The suite registers dozens of customers from this one address.
  REGISTER_ADDRESS_ATTEMPTS: '1000',
  // Known to the suite, so a test can open the sealed session cookie and expire its access
  // token at the sandbox as its lifetime would (utils/account-utils accessToken).
  SESSION_SECRET: 'e2e-session-secret-known-to-the-suite-only',
};

/**
 * Where `pnpm start`'s page server counts what it measures during the suite (decision 029), on
 * loopback: nginx's page servers have ports of their own (`metricsPortOf`).
 */
export const E2E_HOST_METRICS_PORT = 3190;

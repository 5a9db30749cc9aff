/**
 * Throughput of two loan calls on an in-memory PGlite with the seed: the anonymous calculator
 * and a logged-in user's loan list (settlement check, two queries, schedule views). It prints
 * figures only; nothing is asserted. Run: pnpm --filter sandbox-api bench
 */
import autocannon, { type Result } from 'autocannon';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { seed } from '../src/db/seed';

const CONNECTIONS = 10;
const DURATION_SECONDS = 8;
// A run that hangs is stopped; autocannon then reports what it measured.
const HARD_STOP_MS = (DURATION_SECONDS + 10) * 1000;

async function run(
  title: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Result> {
  const instance = autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 10,
    // The load generator runs in its own thread so it does not share the server's event loop.
    workers: 1,
  });
  const guard = setTimeout(() => instance.stop(), HARD_STOP_MS);
  try {
    const result = await instance;
    console.info(
      `${title}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms ` +
        `(${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors)`,
    );
    return result;
  } finally {
    clearTimeout(guard);
  }
}

const app = await buildApp({ config: testConfig() });
try {
  await seed(app);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const [user] = await app.db.query<{ id: number }>(
    "SELECT id FROM users WHERE personal_number = '01001000001'",
  );
  if (!user) throw new Error('the seed has no user 01001000001');
  const { access } = await app.tokens.pair(user.id);

  console.info(
    `sandbox-api benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per call, ${base}`,
  );
  await run(
    'GET /api/loan/calculator?amount=1500&term=12',
    `${base}/api/loan/calculator?amount=1500&term=12`,
  );
  await run('GET /api/loan/loan/ (01001000001)', `${base}/api/loan/loan/`, {
    authorization: `JWT ${access}`,
  });
} finally {
  await app.close();
}

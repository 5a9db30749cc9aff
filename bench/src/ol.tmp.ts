import autocannon from 'autocannon';
import { openLoop, percentile } from './open-loop';
import { LOAD_PAGES } from './load-pages';
await new Promise((resolve) =>
  autocannon(
    {
      url: 'http://localhost:3000',
      requests: LOAD_PAGES.map((path) => ({ method: 'GET', path })),
      amount: 200,
      connections: 4,
    },
    resolve,
  ),
);
for (let i = 0; i < 6; i++) {
  const r = await openLoop({
    origin: 'http://localhost:3000',
    paths: LOAD_PAGES,
    rate: 100,
    seconds: 4,
    headers: { 'accept-encoding': 'br' },
  });
  console.log(
    'p50',
    percentile(r.firstByte, 0.5).toFixed(1),
    'p90',
    percentile(r.firstByte, 0.9).toFixed(1),
    'p95',
    percentile(r.firstByte, 0.95).toFixed(1),
    'p99',
    percentile(r.firstByte, 0.99).toFixed(1),
    'errors',
    r.errors,
  );
}

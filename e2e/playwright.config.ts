import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { SERVING_LINE } from 'deploy/nginx/until-serving';
import { chromiumLaunchOptions } from './utils/chromium';
import { FAILURE_TRACE } from './utils/failure-trace';
import { firefoxLaunchOptions } from './utils/firefox';
import { E2E_HOST_METRICS_PORT, E2E_SANDBOX_ENV } from './utils/sandbox-env';
import { SERVERS_LOG } from './utils/servers-log';
import { CUSTOMER_FLOW, SERVED } from './utils/tags';
import { HOST_URL } from './utils/urls';

/**
 * `pnpm test:prod` (E2E_SERVER=nginx): the product served through nginx as a deployment serves
 * it, remotes from versioned releases. It runs the tests tagged SERVED (utils/tags.ts), whose
 * outcome depends on how the product is served, once, on desktop; the whole suite runs against
 * `pnpm start`.
 */
const viaNginx = process.env.E2E_SERVER === 'nginx';

/**
 * `pnpm test` runs the tests tagged SERVED once, through nginx, the way customers are served
 * (decision 039): the pass through `pnpm serve` before it leaves them out. A slice's pipeline
 * has no nginx pass, and runs them through `pnpm serve`.
 */
const servedElsewhere = Boolean(process.env.E2E_SERVED_ELSEWHERE) && !viaNginx;

export default defineConfig({
  testDir: './tests',
  // One worker: the redeploy test swaps a remote's served files, and the machine has 2 cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // On CI a failed test runs once more; Playwright then lists it as "flaky", so it is seen.
  retries: process.env.CI ? 1 : 0,
  // Generous: these wait for the UI, they do not measure it (benchmarks do), and a shared
  // two-core CI machine can take many seconds to load a remote.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: HOST_URL,
    trace: FAILURE_TRACE,
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: viaNginx
    ? [
        {
          name: 'desktop',
          use: { ...devices['Desktop Chrome'], channel: undefined },
          grep: new RegExp(SERVED),
        },
      ]
    : [
        {
          name: 'desktop',
          use: { ...devices['Desktop Chrome'], channel: undefined },
          // The money flow changes the seeded customers' loans: it runs once, at phone width.
          // So do v1.1's and v1.2's customer flows (rights, records and voice): every test's
          // end state is checked at phone widths anyway, and a phone is where they are used
          // and printed from. Releases and page servers are nginx's (`pnpm test:prod`).
          testIgnore:
            /(side-bar|loans|customer-rights|records-and-voice|releases|page-servers|real-user-signals)\.spec\.ts/,
          ...(servedElsewhere ? { grepInvert: new RegExp(SERVED) } : {}),
        },
        {
          name: 'phone',
          use: { ...devices['Pixel 7'], channel: undefined },
          // Layout-dependent checks only; the platform behaviours run once, on desktop.
          testMatch:
            /(shell|accessibility|side-bar|calculator|loans|customer-rights|records-and-voice|payment|notifications)\.spec\.ts/,
        },
        {
          name: 'firefox',
          // Debian's firefox-esr through WebDriver BiDi (utils/firefox.ts), at a laptop's width:
          // the customers' flows that leave the seeded customers as they were (CUSTOMER_FLOW),
          // and the payment. Platform checks and layouts are Chromium's projects' to run.
          use: {
            browserName: 'firefox',
            viewport: { width: 1280, height: 720 },
            launchOptions: firefoxLaunchOptions(),
          },
          testMatch: /(calculator|sandbox|loans|records-and-voice|payment)\.spec\.ts/,
          grep: new RegExp(CUSTOMER_FLOW),
        },
      ],
  // Exactly what `pnpm start` (or `pnpm start:nginx`) does: build every app in production mode
  // and serve them.
  // scripts/version-skew.ts starts the servers itself, each app from the release it tests.
  webServer: process.env.E2E_SERVERS_UP
    ? undefined
    : {
        // `pnpm test` and a slice's pipeline build first (tooling/slices): E2E_BUILT=1 serves
        // those builds (`serve`, `serve:nginx`, as `start` and `start:nginx` do after building).
        // Also kept in a file, whose warnings the suite prints last (global-teardown.ts).
        command: `mkdir -p ${JSON.stringify(path.dirname(SERVERS_LOG))} && ${
          viaNginx
            ? `pnpm --dir .. ${process.env.E2E_BUILT ? 'serve:nginx' : 'start:nginx'}`
            : `pnpm --dir .. ${process.env.E2E_BUILT ? 'serve' : 'start'}`
        } 2>&1 | tee ${JSON.stringify(SERVERS_LOG)}`,
        // Through nginx, loopback is the TLS terminator in front of it (e2e/tests/edge.spec.ts
        // sends the scheme it saw; another loopback address is a stranger).
        env: viaNginx
          ? { ...E2E_SANDBOX_ENV, TRUSTED_PROXIES: '127.0.0.1' }
          : { ...E2E_SANDBOX_ENV, METRICS_PORT: String(E2E_HOST_METRICS_PORT) },
        // nginx answers at once, with its stand-in page: through it, the product is served once
        // `start` says every page server is ready and the sandbox answers (a race would end on
        // the first of the two, so only the line is waited for; E2E_SERVERS_UP reuses servers).
        ...(viaNginx ? { wait: { stdout: new RegExp(SERVING_LINE) } } : { url: HOST_URL }),
        reuseExistingServer: !process.env.CI,
        // `pnpm start` builds all four apps first: about 90 s here, far more on a starved machine.
        timeout: 600_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});

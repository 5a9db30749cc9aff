import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './utils/chromium';
import { FAILURE_TRACE } from './utils/failure-trace';
import { HOST_URL } from './utils/urls';

/**
 * `pnpm test:machines`: the product on several machines, simulated on this one (issue 48,
 * machines/topology.ts): three page servers on their own loopback addresses, a release origin,
 * nginx balancing in front, Prometheus. The topology is started by the tests' worker fixture,
 * from the production builds (`pnpm build` first); it binds the product's ports.
 */
export default defineConfig({
  testDir: './machines',
  testMatch: /\.spec\.ts$/,
  outputDir: './test-results/machines',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 300_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: HOST_URL,
    trace: FAILURE_TRACE,
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [{ name: 'machines', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});

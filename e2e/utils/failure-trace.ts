/**
 * How a failed test's trace is kept: each action's DOM snapshot, the network and the console.
 *
 * On CI it is recorded on the failed test's retry, which runs the test again: recording every
 * passing test's snapshots cost an eighth of the suite's CPU (phone loans.spec: 108 → 94
 * CPU-seconds). Run by hand, with no retry, a failure keeps the trace it recorded. Never the
 * filmstrip: the screencast behind it cost a fifth (160 → 129, the GPU process 17 → 5), and the
 * failure's own screenshot is kept.
 */
export const FAILURE_TRACE = {
  mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  screenshots: false,
} as const;

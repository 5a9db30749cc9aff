import type { Reporter, TestCase } from 'vitest/node';

/**
 * CI retries a failed test once (a starved two-core machine can stall a worker for seconds).
 * A test that passed only on its retry is named at the end of the run, so it gets fixed
 * rather than hidden.
 */
export class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    if (testCase.diagnostic()?.flaky) {
      this.flaky.push(`${testCase.module.moduleId} > ${testCase.fullName}`);
    }
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    console.warn(`\nFlaky (passed only on retry): ${this.flaky.length}`);
    for (const name of this.flaky) console.warn(`  FLAKY ${name}`);
  }
}

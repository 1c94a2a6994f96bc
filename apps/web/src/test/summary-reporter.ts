import type { Reporter, TestModule } from 'vitest/node';

/** CI reads a runner's closing line; vitest's own summary is not one it knows, so print one. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
      }
    }
    process.stdout.write(`${passed} passed, ${failed} failed\n`);
  }
}

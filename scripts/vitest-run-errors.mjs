// A vitest reporter that writes what fails outside any single test (an unhandled error or
// rejection, a file that could not load or whose hook failed) to the JSON file named by
// VITEST_RUN_ERRORS, so scripts/test-all.mjs can name it in its summary: the JSON reporter keeps
// only tests, and a CI log cut to its last lines loses the rest.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const firstLine = (error) =>
  String(error?.message ?? error ?? '')
    .split('\n')[0]
    .slice(0, 400);

export default class RunErrors {
  onTestRunEnd(testModules, unhandledErrors) {
    const out = process.env.VITEST_RUN_ERRORS;
    if (!out) return;
    const errors = unhandledErrors.map((e) => ({
      where: e?.VITEST_TEST_PATH ? path.relative(process.cwd(), e.VITEST_TEST_PATH) : 'unhandled',
      name: e?.name ?? 'Error',
      message: firstLine(e),
    }));
    for (const module of testModules) {
      for (const e of module.errors()) {
        errors.push({ where: module.moduleId, name: e?.name ?? 'Error', message: firstLine(e) });
      }
    }
    writeFileSync(out, JSON.stringify(errors));
  }
}

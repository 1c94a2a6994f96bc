#!/usr/bin/env node
// Runs every check the project has, in order, and ends with one line `N passed, N failed`
// counting every test of every suite (typecheck and lint count as one check each).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...options.env },
  });
  return result.status === 0;
}

function check(label, command, args) {
  const ok = run(label, command, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${label}: ${ok ? 'ok' : 'FAILED'}`);
}

function vitest(label, workspace, extra = []) {
  const out = path.join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const runErrors = path.join(reports, `${label.replace(/\W+/g, '-')}.errors.json`);
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--root',
      workspace,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${path.join(root, 'scripts', 'vitest-run-errors.mjs')}`,
      `--outputFile.json=${out}`,
      ...extra,
    ],
    { env: { VITEST_RUN_ERRORS: runErrors } },
  );
  if (!existsSync(out)) {
    failed++;
    summary.push(`${label}: FAILED (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const p = report.numPassedTests ?? 0;
  const f = (report.numFailedTests ?? 0) + (ok || report.numFailedTests ? 0 : 1);
  passed += p;
  failed += f;
  summary.push(`${label}: ${p} passed, ${f} failed, ${report.numPendingTests ?? 0} skipped`);
  // Name each failure in the summary, so a log cut to its last lines still says what broke.
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') {
        summary.push(`  FAILED ${path.relative(root, file.name)} › ${test.fullName}`);
        // The first line of the reason too: the step that broke, where a cut log loses the rest.
        const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 400);
        if (why) summary.push(`    ${why}`);
      }
    }
  }
  // What failed outside any test: an unhandled error, a file that did not load, a failed hook.
  const outside = existsSync(runErrors) ? JSON.parse(readFileSync(runErrors, 'utf8')) : [];
  for (const e of outside)
    summary.push(`  ERROR ${path.relative(root, e.where) || e.where}: ${e.name}: ${e.message}`);
  if (!ok && !report.numFailedTests && outside.length === 0) {
    summary.push('  every test passed but vitest exited non-zero (see its log)');
  }
}

function playwright() {
  const out = path.join(reports, 'e2e.json');
  const ok = run('e2e (Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (!existsSync(out)) {
    failed++;
    summary.push('e2e: FAILED (no report)');
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const stats = report.stats ?? {};
  const p = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const f = (stats.unexpected ?? 0) + (ok || stats.unexpected ? 0 : 1);
  passed += p;
  failed += f;
  summary.push(`e2e: ${p} passed, ${f} failed, ${stats.skipped ?? 0} skipped`);
  for (const name of failedPlaywrightTests(report.suites ?? [], [])) summary.push(`  FAILED ${name}`);
}

function failedPlaywrightTests(suites, titles) {
  const names = [];
  for (const suite of suites) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') names.push([...here, spec.title].join(' › '));
      }
    }
    names.push(...failedPlaywrightTests(suite.suites ?? [], here));
  }
  return names;
}

check('typecheck', 'npm', ['run', 'typecheck', '--silent']);
check('lint', 'npm', ['run', 'lint', '--silent']);
vitest('shared', 'packages/shared');
// The tests that run several server processes go alone, after the rest: on two cores they need the
// machine to themselves to keep their leases' timing, which the parallel files would starve.
const MULTI_PROCESS = [
  'test/api/lease-failover.test.ts',
  'test/integrity/crash.test.ts',
  'test/api/cross-instance.test.ts',
];
vitest(
  'server',
  'apps/server',
  MULTI_PROCESS.flatMap((f) => ['--exclude', f]),
);
vitest('server (multi-process)', 'apps/server', ['--no-file-parallelism', ...MULTI_PROCESS]);
vitest('web', 'apps/web');
const built = run('build', 'npm', ['run', 'build', '--silent']);
if (built) {
  // The web client's first-render JavaScript budget, read from the build just made.
  check('bundle budget', 'npm', ['run', 'budget', '--silent', '-w', '@nivesh/web']);
  playwright();
} else {
  failed += 2;
  summary.push('build: FAILED (bundle budget and e2e not run)');
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

// `npm run test:faults`: the fault drills alone (backend/test/integration/*-drill.int-spec.ts),
// with the environment `npm test` gives the backend's integration suites (the run's PostgreSQL
// server for TEST_DATABASE_URL, REDIS_URL), after building the backend (the worker-kill drill
// runs the built worker). Each drill starts its own PostgreSQL/Redis/SMTP where it stops one;
// the machine's own are never stopped. The SMTP outage is the full 60 s here, whatever
// FAULT_DRILL_SMTP_DOWN_SECONDS says (that variable is for running one drill by hand).
// Prints each drill's result and duration, the total time, and `N passed, N failed`.
import { mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { runStep } from './lib/process-tree.mjs';
import { ensureDependencies, log, root, testEnvironment } from './lib/stack.mjs';

const started = Date.now();
const reports = join(root, 'test-results');
mkdirSync(reports, { recursive: true });
const reportFile = join(reports, 'faults.json');

ensureDependencies();
const { env, postgres } = await testEnvironment({ FAULT_DRILL_SMTP_DOWN_SECONDS: '60' });

const results = [];
log('build (backend) ...');
// Each step in a process group of its own, stopped whole on Ctrl-C or SIGTERM (lib/process-tree.mjs).
const buildStatus = await runStep('npm', ['run', 'build', '-w', 'backend'], { cwd: root, env });
results.push({ name: 'build', passed: buildStatus === 0 ? 1 : 0, failed: buildStatus === 0 ? 0 : 1 });

log('fault drills ...');
const status = await runStep('npx', ['jest', '--selectProjects', 'integration', '--testPathPatterns', 'drill\\.int-spec\\.ts$', '--forceExit', '--json', `--outputFile=${reportFile}`], {
  cwd: join(root, 'backend'),
  env: { ...env, NODE_OPTIONS: '--experimental-vm-modules' },
});
await postgres.stop();

let report = null;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8'));
} catch {
  // counted below
}

console.log('\n== Fault drills ==');
if (report) {
  for (const suite of report.testResults) {
    const seconds = ((suite.endTime - suite.startTime) / 1000).toFixed(1);
    const outcome = suite.status === 'passed' ? 'passed' : 'FAILED';
    console.log(`  ${relative(join(root, 'backend'), suite.name).padEnd(58)} ${outcome.padEnd(7)} ${seconds.padStart(6)} s`);
  }
  // A suite that crashed outside its tests still counts as a failure.
  const failed = report.numFailedTests + report.numRuntimeErrorTestSuites;
  results.push({ name: 'drills', passed: report.numPassedTests, failed: failed || (status === 0 ? 0 : 1) });
} else {
  console.log('  the runner produced no report');
  results.push({ name: 'drills', passed: 0, failed: 1 });
}
console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

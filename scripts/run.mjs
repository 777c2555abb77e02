#!/usr/bin/env node
// Entry point of every root npm script. It runs on whatever Node the machine has (even an old
// one): when that Node is older than the project needs, it fetches Node 24 from the npm
// registry into .tools/node once, then runs scripts/<task>.mjs with it.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { watchParent } from './lib/process-tree.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const [task, ...args] = process.argv.slice(2);
if (!task) {
  console.error('usage: node scripts/run.mjs <start|test|test-faults|test-scale|bench|dev|setup|seed|admin-create> [args]');
  process.exit(2);
}

const nodeBin = ensureNodeRuntime(root);
const env = { ...process.env, PATH: `${dirname(nodeBin)}:${process.env.PATH ?? ''}` };
const child = spawn(nodeBin, [join(root, 'scripts', `${task}.mjs`), ...args], { stdio: 'inherit', env });

// The terminal sends Ctrl-C to the whole process group; the task shuts its own children down,
// so this wrapper only waits for it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
// npm killed with SIGKILL (a time limit) tells nobody: the task is stopped as on SIGTERM, so that
// a test run never outlives the command that started it.
watchParent(() => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

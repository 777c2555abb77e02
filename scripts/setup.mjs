// `npm run setup`: everything `npm start` does before starting processes (install, build,
// database, migrations, demo data). Useful before running pieces separately.
import { ensureBuilt, ensureDependencies, ensureStorageDir, ensurePostgres, ensureRedis, log, prepareDatabase, runBackendCli } from './lib/stack.mjs';

ensureDependencies();
ensureBuilt();
const redisUrl = await ensureRedis();
const postgres = await ensurePostgres();
await prepareDatabase(postgres.databaseUrl);
const env = { ...process.env, DATABASE_URL: postgres.databaseUrl, REDIS_URL: redisUrl };
ensureStorageDir(env);
process.stdout.write(runBackendCli('migrate', [], env));
process.stdout.write(runBackendCli('seed', process.argv.slice(2), env));
await postgres.stop();
log('Set up. `npm start` starts the journal.');

// `npm run seed -- [options]`: loads demo data (idempotent); options go to the backend's seed command.
import { ensureBuilt, ensureDependencies, ensureStorageDir, ensurePostgres, prepareDatabase, runBackendCli } from './lib/stack.mjs';

ensureDependencies();
ensureBuilt();
const postgres = await ensurePostgres();
await prepareDatabase(postgres.databaseUrl);
const env = { ...process.env, DATABASE_URL: postgres.databaseUrl };
ensureStorageDir(env);
process.stdout.write(runBackendCli('migrate', [], env));
process.stdout.write(runBackendCli('seed', process.argv.slice(2), env));
await postgres.stop();

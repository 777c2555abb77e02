// `npm run admin:create -- <email>`: makes an existing account an admin.
import { ensureBuilt, ensureDependencies, ensurePostgres, fail, runBackendCli } from './lib/stack.mjs';

const email = process.argv[2];
if (!email) fail('usage: npm run admin:create -- <email>');
ensureDependencies();
ensureBuilt();
const postgres = await ensurePostgres();
process.stdout.write(runBackendCli('admin-create', [email], { ...process.env, DATABASE_URL: postgres.databaseUrl }));
await postgres.stop();

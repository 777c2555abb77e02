import { InvalidConfigError, loadConfig } from '../config/app-config.js';
import { ensureDatabase, migrateUp } from '../database/migrate.js';

/** `node dist/cli/migrate.js [--create-database]`: applies the pending migrations. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes('--create-database') && (await ensureDatabase(config.database.url))) {
    console.log('Created the database.');
  }
  const executed = await migrateUp(config);
  console.log(executed.length ? `Applied ${executed.length} migration(s): ${executed.join(', ')}` : 'The database schema is up to date.');
}

main().catch((error: unknown) => {
  console.error(error instanceof InvalidConfigError ? error.message : error);
  process.exit(1);
});

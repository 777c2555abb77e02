import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config.js';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

/** MikroORM options for every entry point. The schema only ever changes through migrations. */
export function buildOrmOptions(config: AppConfig) {
  return defineConfig({
    clientUrl: config.database.url,
    entities: [...ENTITIES],
    extensions: [Migrator],
    pool: { min: 0, max: config.database.poolMax },
    forceUtcTimezone: true,
    ensureDatabase: false,
    discovery: { warnWhenNoEntities: false },
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'schema_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    debug: false,
  });
}

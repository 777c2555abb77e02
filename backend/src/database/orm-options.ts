import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/app-config.js';
import { MIGRATIONS } from './migrations/index.js';

/**
 * MikroORM options for every entry point. The schema only ever changes through migrations. No
 * entities here: each module registers its own (DatabaseModule loads them), so this folder stands
 * below every module; `src/orm-options.ts` adds the whole list for an ORM made outside Nest.
 */
export function baseOrmOptions(config: AppConfig) {
  return defineConfig({
    clientUrl: config.database.url,
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

import type { AppConfig } from './config/app-config.js';
import { baseOrmOptions } from './database/orm-options.js';
import { ENTITIES } from './entities.js';

/** MikroORM options with every entity, for an ORM made outside Nest (the integration tests' own). */
export function buildOrmOptions(config: AppConfig) {
  return { ...baseOrmOptions(config), entities: [...ENTITIES] };
}

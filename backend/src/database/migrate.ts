import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { AppConfig } from '../config/app-config.js';
import { SEARCH_RUM_INDEX_SQL } from './migrations/Migration20261203001000_paper_search_rum.js';
import { baseOrmOptions } from './orm-options.js';

/** Creates the configured database when it does not exist yet (development and tests). */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount) return false;
    await client.query(`create database "${name}"`);
    return true;
  } finally {
    await client.end();
  }
}

/**
 * Applies every pending migration; returns the names it ran. Then adds the search's RUM index if
 * the server has the extension now and the index is missing (installed after the migration ran).
 */
export async function migrateUp(config: AppConfig): Promise<string[]> {
  const orm = await MikroORM.init(baseOrmOptions(config));
  try {
    const executed = await orm.migrator.up();
    await orm.em.getConnection().execute(SEARCH_RUM_INDEX_SQL);
    return executed.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}

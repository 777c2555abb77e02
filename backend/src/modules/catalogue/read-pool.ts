import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** A `pg` pool for public, read-only queries that return plain rows (the published-papers list). */
export const READ_POOL = Symbol('READ_POOL');

@Injectable()
class ReadPoolShutdown implements OnApplicationShutdown {
  constructor(@Inject(READ_POOL) private readonly pool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The busiest public route reads rows and never touches an entity, so it skips the ORM's query
 * layer and row mapping and runs on a plain pool of its own, the catalogue's. The pool points at
 * `DATABASE_READ_URL`, so that reading can move to a replica without touching the code; by default
 * it is the primary. Connections are opened lazily: a process that never lists papers opens none.
 */
export const READ_POOL_PROVIDERS: Provider[] = [
  {
    provide: READ_POOL,
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => {
      const pool = new pg.Pool({ connectionString: config.database.readUrl, max: config.database.poolMax });
      // An idle connection dropped by the server must not crash the process; the next query reconnects.
      pool.on('error', () => undefined);
      return pool;
    },
  },
  ReadPoolShutdown,
];

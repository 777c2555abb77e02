import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The readiness check's question to PostgreSQL: does it answer a query on a pool connection. */
@Injectable()
export class DatabasePingRepository {
  constructor(private readonly em: EntityManager) {}

  async ping(): Promise<void> {
    await this.em.getConnection().execute('select 1');
  }
}

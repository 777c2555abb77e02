import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../../src/app.factory.js';
import { AppModule } from '../../src/app.module.js';
import { loadConfig } from '../../src/config/app-config.js';
import { migrateUp } from '../../src/database/migrate.js';

export interface TestApp {
  app: NestFastifyApplication;
  /** The Node HTTP server, for supertest. */
  server: FastifyInstance['server'];
  close(): Promise<void>;
}

/** Applies the migrations to the run's database (a no-op once they ran). */
export async function migrateTestDatabase(): Promise<void> {
  await migrateUp(loadConfig());
}

/** The real application (same factory as production) against the run's database and Redis. */
export async function startTestApp(): Promise<TestApp> {
  await migrateTestDatabase();
  const app = await createApp(AppModule);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, server: app.getHttpServer(), close: () => app.close() };
}

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

export interface StartTestAppOptions {
  /**
   * Environment variables for this app only (a Stripe stub's URL, an S3 driver): they are set
   * while the app is built, which is when the configuration is read, then restored.
   */
  env?: Record<string, string | undefined>;
}

/** The real application (same factory as production) against the run's database and Redis. */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  await migrateTestDatabase();
  const saved = Object.fromEntries(Object.keys(options.env ?? {}).map((key) => [key, process.env[key]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(options.env ?? {});
  try {
    const app = await createApp(AppModule);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    return { app, server: app.getHttpServer(), close: () => app.close() };
  } finally {
    apply(saved);
  }
}

import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { createApp } from '../../src/app.factory.js';
import { AppModule } from '../../src/app.module.js';
import { SeedersModule } from '../../src/cli/seeders/seeders.module.js';
import { APP_CONFIG, type AppConfig, loadConfig } from '../../src/config/app-config.js';
import { migrateUp } from '../../src/database/migrate.js';
import { REDIS_CLIENT } from '../../src/redis/redis.module.js';

/** The API with the seeders beside it, so a suite can load the demo data into its app. */
@Module({ imports: [AppModule, SeedersModule] })
class TestAppModule {}

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
  /** Called after the app is created and before it starts, when modules register their routes (`recordRoutes`). */
  beforeInit?: (app: NestFastifyApplication) => void;
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
    const app = await createApp(TestAppModule);
    const testApp = { app, server: app.getHttpServer(), close: () => app.close() };
    try {
      options.beforeInit?.(app);
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      await clearRateLimits(testApp);
    } catch (error) {
      // A suite whose app failed to start has nothing to close it: do it here, or it holds the run open.
      await app.close().catch(() => undefined);
      throw error;
    }
    return testApp;
  } finally {
    apply(saved);
  }
}

/**
 * Rate limits are counted per client address in the run's Redis, and every suite comes from
 * 127.0.0.1: a suite (or a test) starts with a full allowance instead of what the last one left.
 * The prefix is the app's own, which an app started with its own REDIS_PREFIX does not share.
 */
export async function clearRateLimits(testApp: Pick<TestApp, 'app'>): Promise<void> {
  const redis = testApp.app.get<Redis>(REDIS_CLIENT);
  // An app started against an unreachable Redis (health, drills) has no limits to clear.
  if (!(await connected(redis))) return;
  const keys = await redis.keys(`${testApp.app.get<AppConfig>(APP_CONFIG).redis.prefix}:rate-limit:*`);
  if (keys.length > 0) await redis.del(...keys);
}

async function connected(redis: Redis, waitMs = 2000): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), waitMs);
    redis.on('ready', onReady);
  });
}

import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from '../../src/worker.module.js';
import { migrateTestDatabase } from './test-app.js';

/** The worker's root module, in this process, against the run's database and Redis. */
export async function startTestWorker(): Promise<INestApplicationContext> {
  await migrateTestDatabase();
  const worker = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  worker.useLogger(worker.get(Logger));
  await worker.init();
  return worker;
}

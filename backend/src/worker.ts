import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig } from './config/app-config.js';
import { WorkerModule } from './worker.module.js';
import { exitOnStartupFailure } from './common/process/exit-on-startup-failure.js';

/**
 * `node dist/worker.js`: runs the BullMQ processors. On SIGTERM/SIGINT it stops taking jobs,
 * lets the running ones finish, then closes Redis and the database.
 */
async function bootstrap(): Promise<void> {
  loadConfig(); // fail before anything starts, listing every bad variable
  const app = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  await app.init();
  logger.log('The worker is running', 'Worker');
}

bootstrap().catch(exitOnStartupFailure('worker'));

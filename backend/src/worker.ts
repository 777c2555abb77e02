import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { InvalidConfigError, loadConfig } from './config/app-config.js';
import { WorkerModule } from './worker.module.js';

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

bootstrap().catch((error: unknown) => {
  if (error instanceof InvalidConfigError) {
    console.error(error.message);
  } else {
    console.error('The worker failed to start:', error);
  }
  process.exit(1);
});

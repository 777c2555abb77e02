import 'reflect-metadata';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { InvalidConfigError, loadConfig } from '../config/app-config.js';
import { CliModule } from './cli.module.js';

/** Runs a command with the CLI module; prints configuration problems plainly; always closes. */
export async function runCli(command: (context: INestApplicationContext) => Promise<number>): Promise<void> {
  let exitCode = 1;
  let context: INestApplicationContext | undefined;
  try {
    loadConfig();
    context = await NestFactory.createApplicationContext(CliModule, { logger: ['error', 'warn'] });
    exitCode = await command(context);
  } catch (error) {
    console.error(error instanceof InvalidConfigError ? error.message : error);
  } finally {
    await context?.close();
  }
  process.exit(exitCode);
}

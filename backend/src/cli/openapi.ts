import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AppModule } from '../app.module.js';
import { applyApiPrefix, createOpenApiDocument } from '../openapi.js';

/**
 * `node dist/cli/openapi.js [file]`: writes the OpenAPI document (to standard output without a
 * file). Nest's preview mode reads the routes and DTOs without connecting to anything.
 */
export async function buildOpenApiJson(): Promise<string> {
  const app = await NestFactory.create(AppModule, new FastifyAdapter(), { preview: true, logger: false });
  applyApiPrefix(app);
  const json = `${JSON.stringify(createOpenApiDocument(app), null, 2)}\n`;
  await app.close();
  return json;
}

if (process.argv[1]?.endsWith('openapi.js')) {
  const json = await buildOpenApiJson();
  const file = process.argv[2];
  if (file) writeFileSync(file, json);
  else process.stdout.write(json);
}

import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Type, ValidationPipeOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, RawRequestDefaultExpression } from 'fastify';
import { Logger } from 'nestjs-pino';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter.js';
import { AppValidationPipe } from './common/http/app-validation.pipe.js';
import { createCsrfHook } from './common/http/csrf.hook.js';
import { FrameworkErrorResponder } from './common/http/framework-errors.js';
import { jsonDepthLimitHook } from './common/http/json-depth-limit.js';
import { createLoopbackRedirectHook } from './common/http/loopback-redirect.hook.js';
import { ErrorCode } from './common/http/error-code.js';
import { createSecurityHeadersHook, journalSecurityHeaderOptions } from './common/http/security-headers.js';
import { validationFailed } from './common/http/validation-errors.js';
import { wellFormedInputHook } from './common/http/well-formed-input.js';
import { loadWebAppShell } from './common/web/web-app-shell.js';
import { APP_CONFIG, type AppConfig } from './config/app-config.js';
import { applyApiPrefix, createOpenApiDocument } from './openapi.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

export const validationPipeOptions: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: validationFailed,
};

export const validationPipe = new AppValidationPipe(validationPipeOptions);

export interface CreateAppOptions {
  /** Nest's own logs; tests silence them. */
  bufferLogs?: boolean;
}

/**
 * Builds the HTTP application exactly as production runs it; `main.ts` listens on it and the
 * integration tests drive it, so both exercise the same security headers, pipes and filters.
 */
export async function createApp(rootModule: Type<unknown>, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const exceptionsFilter = new AllExceptionsFilter();
  const frameworkErrors = new FrameworkErrorResponder(exceptionsFilter);
  // Fastify is built before Nest loads the configuration, so it asks the loaded config (TRUST_PROXY)
  // on each request: whether X-Forwarded-For names the client, which rate limits count by.
  let trustProxy = false;
  const adapter = new FastifyAdapter({
    frameworkErrors: frameworkErrors.handle,
    clientErrorHandler: frameworkErrors.handleClientError,
    trustProxy: () => trustProxy,
    bodyLimit: 1024 * 1024,
    // The id is also put on the raw request so pino-http logs the same one.
    genReqId: (req: RawRequestDefaultExpression) => {
      const header = req.headers['x-request-id'];
      const id = typeof header === 'string' && REQUEST_ID_PATTERN.test(header) ? header : randomUUID();
      (req as typeof req & { id?: string }).id = id;
      return id;
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    bufferLogs: options.bufferLogs ?? true,
    // Keeps the received bytes of JSON bodies (`request.rawBody`): Stripe signs the exact payload.
    rawBody: true,
  });
  const config = app.get<AppConfig>(APP_CONFIG);
  trustProxy = config.http.trustProxy;
  app.useLogger(app.get(Logger));
  await configureApp(app, config, exceptionsFilter, frameworkErrors);
  return app;
}

async function configureApp(
  app: NestFastifyApplication,
  config: AppConfig,
  exceptionsFilter: AllExceptionsFilter,
  frameworkErrors: FrameworkErrorResponder,
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();

  // Requests in flight (an upload during a rolling deploy) may finish, but none holds the process
  // past the grace: a stop never waits on a client or a dependency that does not answer.
  fastify.addHook('preClose', (done) => {
    setTimeout(() => fastify.server.closeAllConnections(), config.http.shutdownGraceMs).unref();
    done();
  });

  await app.register(fastifyCookie as never);
  // Uploads are read part by part, never buffered whole, by the upload pipeline (storage/upload/), which
  // passes each kind's limits from the config. A form read any other way may carry no file at all.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 0, files: 0, fields: 10, fieldSize: 96 * 1024, parts: 20, headerPairs: 100 },
  });
  // Helmet's headers (CSP included) on every response, worked out once at start-up.
  const securityHeaders = createSecurityHeadersHook(journalSecurityHeaderOptions(config.http.publicUrl));
  fastify.addHook('onRequest', securityHeaders);
  frameworkErrors.useHeaderHooks(securityHeaders);

  fastify.addHook('onRequest', createLoopbackRedirectHook(config.http.publicUrl, config.http.loopbackAliases));
  fastify.addHook('onRequest', createCsrfHook([config.http.publicOrigin, ...config.http.loopbackAliases]));
  // Bad input is refused before authentication and before any handler sees it (docs/api.md, Errors).
  fastify.addHook('preParsing', jsonDepthLimitHook);
  fastify.addHook('preValidation', wellFormedInputHook);
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    done(null, payload);
  });

  // Bull Board mounts itself under the global prefix unless its path is excluded (docs/api.md: /admin/queues).
  applyApiPrefix(app);
  app.useGlobalPipes(validationPipe);
  app.useGlobalFilters(exceptionsFilter);
  app.enableShutdownHooks();

  SwaggerModule.setup('api/docs', app, createOpenApiDocument(app));

  await serveWebApp(app, fastify, config);
}

/**
 * The built web app is served from the same origin as the API. Non-API paths that are no file
 * get index.html so the client-side router can show them, with the preloads of the route they
 * open (web-app-shell.ts); with 404 when no route of the app matches them (the build's
 * app-routes.json), where the router shows its own not-found page.
 */
async function serveWebApp(app: NestFastifyApplication, fastify: FastifyInstance, config: AppConfig): Promise<void> {
  const shell = loadWebAppShell(config);
  if (shell === null) return;
  await app.register(fastifyStatic, {
    root: config.web.distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies (frontend/scripts/compress-assets.mjs).
    preCompressed: true,
    // File names under /assets/ carry a content hash: they never change.
    setHeaders: (reply: FastifyReply, path: string) => {
      if (path.includes('/assets/')) void reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  } as never);
  fastify.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || path.startsWith('/admin/queues')) {
      return reply.status(404).send({ statusCode: 404, code: ErrorCode.NotFound, message: 'Not found' });
    }
    // The same page either way: the app shows its not-found view for an address none of its routes
    // matches; the status tells crawlers not to index it.
    return reply
      .status(shell.isAppRoute(request.url) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(shell.htmlFor(request.url));
  });
}

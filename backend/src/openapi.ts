import { type INestApplication, RequestMethod } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorResponseDto } from './common/http/error-response.dto.js';

/** Every route is under /api except Bull Board's, which mounts itself at /admin/queues. */
export function applyApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix('api', { exclude: [{ path: 'admin/queues', method: RequestMethod.ALL }] });
}

/**
 * The OpenAPI document, generated from the controllers and DTOs. It is served at /api/docs and
 * written to backend/openapi.json, from which the web app's request and response types are
 * generated (`npm run api:types`).
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  return SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Young Scientists Journal API')
      .setDescription('Errors always have the shape { statusCode, code, message }; see docs/api.md.')
      .setVersion('1')
      .addCookieAuth('access_token')
      .addBearerAuth()
      .addGlobalResponse({ status: 'default', description: 'An error, with its stable code', type: ErrorResponseDto })
      .build(),
  );
}

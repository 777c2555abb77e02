import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitedException } from '../rate-limit/rate-limited.exception.js';
import { AppException } from './app.exception.js';
import { dependencyUnavailableReason } from './dependency-unavailable.js';
import { ErrorBody, ErrorCode, isErrorCode } from './error-code.js';
import { writeConflictOf } from './write-conflict.js';

const codeByStatus: Record<number, ErrorCode> = {
  [HttpStatus.BAD_REQUEST]: ErrorCode.ValidationFailed,
  [HttpStatus.UNAUTHORIZED]: ErrorCode.Unauthenticated,
  [HttpStatus.FORBIDDEN]: ErrorCode.Forbidden,
  [HttpStatus.NOT_FOUND]: ErrorCode.NotFound,
  [HttpStatus.CONFLICT]: ErrorCode.Conflict,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ErrorCode.PayloadTooLarge,
  [HttpStatus.UNSUPPORTED_MEDIA_TYPE]: ErrorCode.UnsupportedMediaType,
  [HttpStatus.TOO_MANY_REQUESTS]: ErrorCode.RateLimited,
  [HttpStatus.SERVICE_UNAVAILABLE]: ErrorCode.ServiceUnavailable,
};

const defaultMessageByStatus: Record<number, string> = {
  [HttpStatus.UNAUTHORIZED]: 'Authentication required',
  [HttpStatus.FORBIDDEN]: 'You do not have permission to do this',
  [HttpStatus.NOT_FOUND]: 'Not found',
  [HttpStatus.TOO_MANY_REQUESTS]: 'Too many requests. Please wait a moment and try again.',
  [HttpStatus.SERVICE_UNAVAILABLE]: 'The service is temporarily unavailable. Please try again in a moment.',
};

/** Fastify's router errors, whose own messages quote the raw URL back. */
const messageByFastifyCode: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long',
};

/** Fastify-level errors (body too large, bad JSON, rate limit) carry a statusCode of their own. */
interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * The only place errors become responses: always `{ statusCode, code, message }`, never a
 * stack trace or SQL. Unexpected errors are logged with the request id and answered as 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = this.toBody(exception, request);
    if (exception instanceof AppException && exception.operatorDetail) {
      this.logger.error({ ...exception.operatorDetail, code: exception.code, reqId: request.id }, exception.message);
    } else if (body.statusCode >= 500 && body.statusCode !== Number(HttpStatus.SERVICE_UNAVAILABLE)) {
      this.logger.error({ err: exception, reqId: request.id }, 'Unhandled error');
    }
    // A limit a service applies (per user) is refused after the guards, so its header is set here.
    if (exception instanceof RateLimitedException) void reply.header('retry-after', exception.retryAfterSeconds);
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  /** For errors answered outside Nest (Fastify's router refuses a malformed URL before any hook). */
  send(exception: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const body = this.toBody(exception, request);
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  toBody(exception: unknown, request?: FastifyRequest): ErrorBody {
    if (exception instanceof AppException) {
      return { statusCode: exception.getStatus(), code: exception.code, message: exception.message };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      const message = this.messageOf(response) ?? defaultMessageByStatus[statusCode] ?? exception.message;
      return { statusCode, code: this.codeOf(response) ?? codeByStatus[statusCode] ?? ErrorCode.InternalError, message };
    }
    const fastifyError = exception as FastifyLikeError;
    if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const statusCode = fastifyError.statusCode;
      const fastifyMessage = typeof fastifyError.code === 'string' ? messageByFastifyCode[fastifyError.code] : undefined;
      return {
        statusCode,
        code: codeByStatus[statusCode] ?? ErrorCode.ValidationFailed,
        message: fastifyMessage ?? defaultMessageByStatus[statusCode] ?? fastifyError.message ?? 'Bad request',
      };
    }
    const conflict = writeConflictOf(exception);
    if (conflict !== null) {
      // A race a service's checks did not foresee: logged, since each one is a missing check.
      this.logger.warn({ reqId: request?.id, constraint: conflict }, 'A write met a concurrent change');
      return { statusCode: HttpStatus.CONFLICT, code: ErrorCode.Conflict, message: 'This was changed by someone else at the same moment. Reload the page and try again.' };
    }
    const unavailable = dependencyUnavailableReason(exception);
    if (unavailable !== null) {
      this.logger.warn({ reqId: request?.id, reason: unavailable }, 'A dependency is unavailable');
      return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, code: ErrorCode.ServiceUnavailable, message: defaultMessageByStatus[HttpStatus.SERVICE_UNAVAILABLE] };
    }
    return {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      code: ErrorCode.InternalError,
      message: 'An unexpected error occurred. Please try again.',
    };
  }

  private messageOf(response: string | object): string | undefined {
    if (typeof response === 'string') return response;
    const message = (response as { message?: unknown }).message;
    if (Array.isArray(message)) return message.map(String).join('; ');
    return typeof message === 'string' ? message : undefined;
  }

  private codeOf(response: string | object): ErrorCode | undefined {
    if (typeof response !== 'object') return undefined;
    const code = (response as { code?: unknown }).code;
    return isErrorCode(code) ? code : undefined;
  }
}

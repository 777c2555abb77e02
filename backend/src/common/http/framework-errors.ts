import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AllExceptionsFilter } from './all-exceptions.filter.js';
import { type ErrorBody, ErrorCode } from './error-code.js';

type HeaderHook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

/**
 * Fastify's router refuses a malformed URL (`/api/papers/%`, 400) or an over-long parameter (414)
 * before any hook runs, on a context of its own that neither Nest's error handler nor our hooks
 * reach. Given to Fastify as `frameworkErrors`, this answers them as every other error is
 * answered: the exception filter's shape, the security headers, the request id.
 */
export class FrameworkErrorResponder {
  private headerHooks: readonly HeaderHook[] = [];

  constructor(private readonly filter: AllExceptionsFilter) {}

  /** The `onRequest` hooks that only set headers; known once the configuration is loaded. */
  useHeaderHooks(...hooks: HeaderHook[]): void {
    this.headerHooks = hooks;
  }

  readonly handle = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    for (const hook of this.headerHooks) hook(request, reply, () => undefined);
    void reply.header('x-request-id', request.id);
    this.filter.send(error, request, reply);
  };

  /**
   * Given to Fastify as `clientErrorHandler`: requests Node's parser refuses before Fastify sees
   * them (a head over 16 kB, bytes that are not HTTP) are answered on the socket, in our shape
   * and with the security headers, where Fastify would write a body of its own without them.
   */
  readonly handleClientError = (error: NodeJS.ErrnoException, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const body = clientErrorBody(error.code);
    if (socket.writable) {
      const payload = JSON.stringify(body);
      const headers = [
        ...this.securityHeaders(),
        ['x-request-id', randomUUID()],
        ['content-type', 'application/json; charset=utf-8'],
        ['content-length', String(Buffer.byteLength(payload))],
        ['connection', 'close'],
      ];
      const head = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
      socket.write(`HTTP/1.1 ${body.statusCode} ${STATUS_CODES[body.statusCode]}\r\n${head}\r\n${payload}`);
    }
    socket.destroy(error);
  };

  /** What the header hooks set, read off a recording response (they touch nothing else). */
  private securityHeaders(): [string, string][] {
    const headers = new Map<string, [string, string]>();
    const raw = {
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), [name, String(value)]),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    };
    const reply = { raw } as unknown as FastifyReply;
    for (const hook of this.headerHooks) hook({} as FastifyRequest, reply, () => undefined);
    return [...headers.values()];
  }
}

function clientErrorBody(code: string | undefined): ErrorBody {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { statusCode: 431, code: ErrorCode.ValidationFailed, message: 'The request\'s address or headers are too long' };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { statusCode: 408, code: ErrorCode.ValidationFailed, message: 'The request took too long to arrive' };
  }
  return { statusCode: 400, code: ErrorCode.ValidationFailed, message: 'The request is not valid HTTP' };
}

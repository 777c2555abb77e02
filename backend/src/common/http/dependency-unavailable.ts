import { ConnectionException } from '@mikro-orm/core';

/**
 * What a dependency that is down (PostgreSQL, Redis, a provider's server) looks like, whichever
 * layer reports it. The exception filter answers these 503 SERVICE_UNAVAILABLE: the request was
 * fine and may succeed later, which a 500 would not say.
 */
const UNAVAILABLE_CODES: ReadonlyMap<string, string> = new Map([
  // Node's sockets and resolver (pg, ioredis and HTTP clients pass them on, MikroORM keeps them).
  ['ECONNREFUSED', 'connection refused'],
  ['ECONNRESET', 'connection reset'],
  ['ETIMEDOUT', 'connection timed out'],
  ['EHOSTUNREACH', 'host unreachable'],
  ['ENETUNREACH', 'network unreachable'],
  ['ENOTFOUND', 'host name not found'],
  ['EAI_AGAIN', 'name resolution failed'],
  ['EPIPE', 'connection closed while writing'],
  // PostgreSQL's SQLSTATEs: class 08 (connection exception), too many clients, shutting down or starting up.
  ['08000', 'connection exception'],
  ['08001', 'cannot establish connection'],
  ['08003', 'connection does not exist'],
  ['08004', 'server rejected the connection'],
  ['08006', 'connection failure'],
  ['53300', 'too many connections'],
  ['57P01', 'server shutting down'],
  ['57P02', 'server crashed'],
  ['57P03', 'server not accepting connections yet'],
]);

/** Errors that carry no code: pg-pool's and pg's own, then ioredis's. */
const UNAVAILABLE_MESSAGES: readonly RegExp[] = [
  /^timeout exceeded when trying to connect$/i,
  /^Connection terminated( unexpectedly| due to connection timeout)?$/i,
  /^Client has encountered a connection error and is not queryable$/i,
  // commandTimeout: Redis kept the connection open and did not answer (a frozen process).
  /^Command timed out$/,
  // enableOfflineQueue off: Redis is down and the client is reconnecting.
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  /^Connection is closed\.$/,
  /^Reached the max retries per request limit/,
];

const UNAVAILABLE_CLASSES: readonly (abstract new (...args: never[]) => Error)[] = [ConnectionException];

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** How far down `cause` and AggregateError's `errors` to look (drivers wrap once or twice). */
const MAX_DEPTH = 4;

/** The reason in words when the error, or one it wraps, says a dependency is down; null otherwise. */
export function dependencyUnavailableReason(error: unknown, depth = 0): string | null {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return null;
  if (UNAVAILABLE_CLASSES.some((type) => error instanceof type)) return 'connection error';
  const { code, message, cause, errors } = error as ErrorLike;
  const byCode = typeof code === 'string' ? UNAVAILABLE_CODES.get(code) : undefined;
  if (byCode) return byCode;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return message;
  const nested = Array.isArray(errors) ? [cause, ...(errors as unknown[])] : [cause];
  for (const inner of nested) {
    const reason = dependencyUnavailableReason(inner, depth + 1);
    if (reason) return reason;
  }
  return null;
}

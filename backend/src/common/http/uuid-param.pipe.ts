import { ParseUUIDPipe } from '@nestjs/common';
import type { AppException } from './app.exception.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The shape PostgreSQL's uuid type accepts (hyphenated); anything else would make a query fail. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * For every `:id` path parameter: an id that is not a UUID names nothing, so it is answered as
 * the missing thing it names (`notFound`), the same answer as a well-formed id that matches no
 * row, and never reaches a query.
 */
export function uuidParam(notFound: () => AppException): ParseUUIDPipe {
  return new ParseUUIDPipe({ exceptionFactory: notFound });
}

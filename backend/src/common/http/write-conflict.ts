import {
  CheckConstraintViolationException,
  DeadlockException,
  ForeignKeyConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';

/**
 * What a write that lost a race looks like when no service check caught it first: a unique,
 * check or foreign-key constraint refusing it, or PostgreSQL ending one of two transactions that
 * waited on each other (deadlock, serialization failure). The request was fine and the data is
 * intact; it met another change. The exception filter answers these 409 CONFLICT, never 500.
 * Services keep their own codes for the races they expect (REVIEW_ALREADY_ASSIGNED…).
 */
const WRITE_CONFLICTS: readonly (abstract new (...args: never[]) => Error)[] = [
  UniqueConstraintViolationException,
  CheckConstraintViolationException,
  ForeignKeyConstraintViolationException,
  DeadlockException,
];

/** The constraint's or the failure's name for the log, when the error is a write conflict; null otherwise. */
export function writeConflictOf(error: unknown): string | null {
  if (!WRITE_CONFLICTS.some((type) => error instanceof type)) return null;
  const { constraint, code } = error as { constraint?: unknown; code?: unknown };
  if (typeof constraint === 'string') return constraint;
  return typeof code === 'string' ? code : (error as Error).name;
}

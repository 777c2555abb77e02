import {
  CheckConstraintViolationException,
  DeadlockException,
  DriverException,
  ForeignKeyConstraintViolationException,
  NotNullConstraintViolationException,
  UniqueConstraintViolationException,
} from '@mikro-orm/core';
import { HttpStatus } from '@nestjs/common';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { writeConflictOf } from './write-conflict.js';

const pgError = (code: string, constraint?: string) => Object.assign(new Error('refused'), { code, constraint });

describe('writeConflictOf', () => {
  it.each([
    ['a unique constraint', new UniqueConstraintViolationException(pgError('23505', 'paper_reviews_paper_round_uq')), 'paper_reviews_paper_round_uq'],
    ['a check constraint', new CheckConstraintViolationException(pgError('23514', 'paper_reviews_declined_check')), 'paper_reviews_declined_check'],
    ['a foreign key', new ForeignKeyConstraintViolationException(pgError('23503', 'paper_files_paper_id_fk')), 'paper_files_paper_id_fk'],
    ['a deadlock', new DeadlockException(pgError('40P01')), '40P01'],
  ])('recognises %s and names it', (_label, error, name) => {
    expect(writeConflictOf(error)).toBe(name);
  });

  it.each([
    ['a missing value (a bug, not a race)', new NotNullConstraintViolationException(pgError('23502', 'users_email_nn'))],
    ['another driver error', new DriverException(pgError('42601'))],
    ['a bug', new TypeError('x is undefined')],
  ])('leaves %s alone', (_label, error) => {
    expect(writeConflictOf(error)).toBeNull();
  });
});

describe('AllExceptionsFilter and write conflicts', () => {
  const filter = new AllExceptionsFilter();

  it('answers a constraint that slipped through 409 CONFLICT, not 500', () => {
    for (const error of [
      new CheckConstraintViolationException(pgError('23514', 'paper_reviews_declined_check')),
      new UniqueConstraintViolationException(pgError('23505', 'revision_requests_open_uq')),
      new DeadlockException(pgError('40P01')),
    ]) {
      expect(filter.toBody(error)).toEqual({ statusCode: HttpStatus.CONFLICT, code: 'CONFLICT', message: expect.stringMatching(/changed by someone else/) });
    }
  });
});

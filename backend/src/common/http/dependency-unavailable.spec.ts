import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { HttpStatus } from '@nestjs/common';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { dependencyUnavailableReason } from './dependency-unavailable.js';

const withCode = (code: string, message = 'boom') => Object.assign(new Error(message), { code });

describe('dependencyUnavailableReason', () => {
  it.each([
    ['a refused connection (pg, ioredis)', withCode('ECONNREFUSED')],
    ['MikroORM wrapping a refused connection', new DriverException(withCode('ECONNREFUSED'))],
    ['MikroORM’s connection exception', new ConnectionException(new Error('lost'))],
    ['several addresses refused (AggregateError)', Object.assign(new AggregateError([withCode('ECONNREFUSED')], ''), {})],
    ['a cause further down', new Error('query failed', { cause: new Error('inner', { cause: withCode('ETIMEDOUT') }) })],
    ['too many clients', withCode('53300', 'sorry, too many clients already')],
    ['the server shutting down', withCode('57P01', 'terminating connection due to administrator command')],
    ['a connection failure (SQLSTATE class 08)', withCode('08006')],
    ['the pool timing out', new Error('timeout exceeded when trying to connect')],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['a Redis command timing out (ioredis commandTimeout, a frozen Redis)', new Error('Command timed out')],
    ['Redis down with the offline queue off', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['a Redis connection closed', new Error('Connection is closed.')],
  ])('recognises %s', (_label, error) => {
    expect(dependencyUnavailableReason(error)).toEqual(expect.any(String));
  });

  it.each([
    ['a bug', new TypeError('x is undefined')],
    ['a constraint violation', new UniqueConstraintViolationException(withCode('23505'))],
    ['a bad query', withCode('42601', 'syntax error')],
    ['a Redis command refused', new Error('ERR wrong number of arguments for \'set\' command')],
    ['a timeout of our own that merely mentions a command', new Error('Command timed out while rendering')],
    ['not an error', 'ECONNREFUSED'],
    ['null', null],
  ])('does not take %s for an outage', (_label, error) => {
    expect(dependencyUnavailableReason(error)).toBeNull();
  });
});

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter();

  it('answers an outage 503 SERVICE_UNAVAILABLE and a bug 500', () => {
    expect(filter.toBody(new DriverException(withCode('ECONNREFUSED')))).toEqual({
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.any(String),
    });
    expect(filter.toBody(new TypeError('x'))).toMatchObject({ statusCode: 500, code: 'INTERNAL_ERROR' });
  });

  it('answers a Redis command that timed out 503, not 500', () => {
    expect(filter.toBody(new Error('Command timed out'))).toEqual({
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      code: 'SERVICE_UNAVAILABLE',
      message: expect.any(String),
    });
  });

  it('answers a malformed URL in the one shape, without quoting it back', () => {
    const error = Object.assign(new Error("'/api/papers/%' is not a valid url component"), { code: 'FST_ERR_BAD_URL', statusCode: 400 });
    expect(filter.toBody(error)).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'The address is not a valid URL' });
  });
});

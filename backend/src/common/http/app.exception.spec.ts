import { AppException } from './app.exception.js';
import { ErrorCode } from './error-code.js';

describe('AppException', () => {
  const notFound = { status: 404, code: ErrorCode.NotFound, message: 'Paper not found' };

  it('takes a case of a module table', () => {
    const error = new AppException(notFound);
    expect([error.getStatus(), error.code, error.message]).toEqual([404, 'NOT_FOUND', 'Paper not found']);
    expect(error.getResponse()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Paper not found' });
  });

  it('lets a case carry a detailed message', () => {
    expect(new AppException(notFound, 'Version 3 not found').message).toBe('Version 3 not found');
  });

  it('still takes status, code and message', () => {
    const error = new AppException(409, ErrorCode.Conflict, 'Taken');
    expect(error.getResponse()).toEqual({ statusCode: 409, code: 'CONFLICT', message: 'Taken' });
  });
});

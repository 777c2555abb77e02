import { plainToInstance } from 'class-transformer';
import { type ValidationError, validate } from 'class-validator';
import { AppException } from './app.exception.js';
import { ErrorCode } from './error-code.js';
import { assertWellFormedText } from './well-formed-input.js';

export function flattenValidationErrors(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    return [...own, ...flattenValidationErrors(error.children ?? [], path)];
  });
}

/** The one 400 of the API for bad input: every problem, joined by '; ' (docs/api.md). */
export function validationFailed(errors: ValidationError[]): AppException {
  return new AppException(400, ErrorCode.ValidationFailed, flattenValidationErrors(errors).join('; ') || 'Invalid request');
}

/**
 * Validates input that does not pass through the global pipe (multipart fields) exactly as the
 * pipe would: unknown properties are refused, and so is text the global hook would refuse.
 */
export async function validateInput<T extends object>(type: new () => T, plain: Record<string, unknown>): Promise<T> {
  const instance = plainToInstance(type, plain);
  // Transforms may decode text (a JSON field), so the parsed values are checked as a JSON body is.
  assertWellFormedText(instance, 'body');
  const errors = await validate(instance, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw validationFailed(errors);
  return instance;
}

import { type ArgumentMetadata, ValidationPipe, type ValidationPipeOptions } from '@nestjs/common';

/**
 * A DTO class may offer a quick parser for the inputs it accepts: it returns the DTO when the
 * input is certainly valid and `undefined` otherwise (including whenever it is unsure).
 */
export interface QuickParsable<T = unknown> {
  quickParse(value: unknown): T | undefined;
}

function isQuickParsable(metatype: unknown): metatype is QuickParsable {
  return typeof metatype === 'function' && typeof (metatype as Partial<QuickParsable>).quickParse === 'function';
}

/**
 * Nest's ValidationPipe, except that a DTO with a quick parser (a busy public route's small
 * query) skips class-transformer and class-validator when that parser accepts the input.
 * Whatever it declines goes through the decorators as before, so every error, and its message,
 * still comes from class-validator.
 */
export class AppValidationPipe extends ValidationPipe {
  constructor(options?: ValidationPipeOptions) {
    super(options);
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (isQuickParsable(metadata.metatype)) {
      const parsed = metadata.metatype.quickParse(value);
      if (parsed !== undefined) return parsed;
    }
    return super.transform(value, metadata) as Promise<unknown>;
  }
}

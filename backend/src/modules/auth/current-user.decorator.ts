import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppException } from '../../common/http/app.exception.js';
import { ErrorCode } from '../../common/http/error-code.js';
import type { AuthUser } from './auth-user.js';

/**
 * The signed-in user, put on the request by the global AuthGuard. On a `@Public()` route it is
 * `undefined` for visitors; elsewhere the guard has already refused requests without one.
 */
export const CurrentUser = createParamDecorator((options: { optional?: boolean } | undefined, context: ExecutionContext) => {
  const user = context.switchToHttp().getRequest<FastifyRequest>().user;
  if (!user && !options?.optional) throw new AppException(401, ErrorCode.Unauthenticated, 'Authentication required');
  return user;
});

export type { AuthUser };

import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth } from '@nestjs/swagger';

export type Role = 'admin' | 'reviewer' | 'user';

export const IS_PUBLIC_KEY = 'auth:isPublic';
export const AUTHENTICATED_KEY = 'auth:authenticated';

export interface AuthenticatedOptions {
  /** The route needs one of these roles; absent means any signed-in user. */
  roles?: Role[];
}

/** Opens a route to visitors. Every route without it needs a signed-in user (deny by default). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Restricts a route to signed-in users, optionally with one of the given roles. */
export const Authenticated = (options: AuthenticatedOptions = {}) =>
  applyDecorators(SetMetadata(AUTHENTICATED_KEY, options), ApiCookieAuth('access_token'), ApiBearerAuth());

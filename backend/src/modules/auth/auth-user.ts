import type { Role } from '../../common/auth/auth.decorators.js';

/** The signed-in user of a request, resolved from the database on every request. */
export interface AuthUser {
  id: string;
  email: string;
  /** Every role the user holds ('user' always; also 'admin', 'reviewer' as granted). */
  roles: ReadonlySet<Role>;
  sessionId: string;
  /** When the access token presented with this request expires. */
  accessTokenExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the global AuthGuard when the request carries a valid session. */
    user?: AuthUser;
  }
}

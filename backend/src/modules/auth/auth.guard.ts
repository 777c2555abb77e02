import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants.js';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AccessService } from '../../common/access/access.service.js';
import { AUTHENTICATED_KEY, type AuthenticatedOptions, IS_PUBLIC_KEY } from '../../common/auth/auth.decorators.js';
import { AppException } from '../../common/http/app.exception.js';
import { ErrorCode } from '../../common/http/error-code.js';
import { type AccessMetadata, type AccessRule, adminOnly, decideAccess, isAdminRoute, resolveAccessRule } from './access-rule.js';
import { readAccessToken, SessionAuthenticator } from './session-authenticator.service.js';

/**
 * The one global guard: every route needs a signed-in user unless it is `@Public()`, and
 * `@Authenticated({ permission })` narrows it to those the access policy may grant the permission
 * (a standing one in full; one about things by the roles that can grant it, the rest in the
 * service with the ids). `@Authenticated({ roles })` narrows it to roles. Routes under `/api/admin` are
 * for admins only, whatever their own metadata (`adminOnly`). The session and the role are read
 * from the database on every request, so revocations and role changes apply at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: SessionAuthenticator,
    private readonly access: AccessService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.ruleOf(context.getHandler(), context.getClass());
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    // On public routes a visitor costs nothing; a signed-in caller is still recognised.
    const user = rule.kind === 'public' && !readAccessToken(request) ? null : await this.authenticator.authenticate(request);
    if (user) request.user = user;
    const decision = decideAccess(rule, user);
    switch (decision) {
      case 'allow':
        // Throws the policy's 403 when the caller's roles cannot grant it, before a pipe reads the id.
        if (rule.kind === 'signed-in' && rule.permission) await this.access.requireAccessBeforeLookup(user ?? undefined, rule.permission);
        return true;
      case 'unauthenticated':
        throw new AppException(401, ErrorCode.Unauthenticated, 'Authentication required');
      case 'forbidden':
        throw new AppException(403, ErrorCode.Forbidden, 'You do not have permission to do this');
    }
  }

  private ruleOf(handler: object, controller: object): AccessRule {
    const rule = resolveAccessRule(this.metadataOf(handler), this.metadataOf(controller));
    const underAdmin = isAdminRoute(this.reflector.get<unknown>(PATH_METADATA, controller as never), this.reflector.get<unknown>(PATH_METADATA, handler as never));
    return underAdmin ? adminOnly(rule) : rule;
  }

  private metadataOf(target: object): AccessMetadata {
    return {
      isPublic: this.reflector.get<boolean | undefined>(IS_PUBLIC_KEY, target as never),
      authenticated: this.reflector.get<AuthenticatedOptions | undefined>(AUTHENTICATED_KEY, target as never),
    };
  }
}

import { jest } from '@jest/globals';
import { Controller, type ExecutionContext, Get, Post } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { AccessRepository } from '../../common/access/access.repository.js';
import { AccessService } from '../../common/access/access.service.js';
import { Permission } from '../../common/access/permission.js';
import { Authenticated, Public, type Role } from '../../common/auth/auth.decorators.js';
import { AppException } from '../../common/http/app.exception.js';
import { adminOnly, decideAccess, isAdminRoute, resolveAccessRule } from './access-rule.js';
import { AuthGuard } from './auth.guard.js';
import type { AuthUser } from './auth-user.js';
import type { SessionAuthenticator } from './session-authenticator.service.js';

describe('resolveAccessRule', () => {
  it('denies by default: no metadata means a signed-in user is needed', () => {
    expect(resolveAccessRule({}, {})).toEqual({ kind: 'signed-in' });
  });

  it('lets the handler override its controller', () => {
    expect(resolveAccessRule({ isPublic: true }, { authenticated: { roles: ['admin'] } })).toEqual({ kind: 'public' });
    expect(resolveAccessRule({ authenticated: { roles: ['admin'] } }, { isPublic: true })).toEqual({ kind: 'signed-in', roles: ['admin'] });
  });

  it('reads @Authenticated over @Public at the same level (the stricter one)', () => {
    expect(resolveAccessRule({ isPublic: true, authenticated: {} }, {})).toEqual({ kind: 'signed-in', roles: undefined });
  });

  it('inherits the controller rule', () => {
    expect(resolveAccessRule({}, { isPublic: true })).toEqual({ kind: 'public' });
    expect(resolveAccessRule({}, { authenticated: { roles: ['reviewer'] } })).toEqual({ kind: 'signed-in', roles: ['reviewer'] });
  });
});

describe('isAdminRoute and adminOnly', () => {
  it('finds /api/admin from the controller path, the handler path or both', () => {
    expect(isAdminRoute('admin/papers', '/')).toBe(true);
    expect(isAdminRoute(undefined, 'admin/reviews/:id/reminders')).toBe(true);
    expect(isAdminRoute('/', '/admin/reviews')).toBe(true);
    expect(isAdminRoute(['papers', 'admin'], 'x')).toBe(true);
    expect(isAdminRoute('papers', 'admin')).toBe(false);
    expect(isAdminRoute(undefined, 'administrators')).toBe(false);
    expect(isAdminRoute(undefined, 'reviews/:id')).toBe(false);
  });

  it('narrows any rule to admins and keeps its permission', () => {
    expect(adminOnly({ kind: 'public' })).toEqual({ kind: 'signed-in', roles: ['admin'] });
    expect(adminOnly({ kind: 'signed-in' })).toEqual({ kind: 'signed-in', roles: ['admin'] });
    expect(adminOnly({ kind: 'signed-in', roles: ['reviewer'], permission: Permission.ReviewRemind })).toEqual({
      kind: 'signed-in',
      roles: ['admin'],
      permission: Permission.ReviewRemind,
    });
  });
});

describe('decideAccess', () => {
  const as = (...roles: Role[]) => ({ id: 'u1', roles: new Set<Role>(['user', ...roles]) });

  it('lets anyone through a public route', () => {
    expect(decideAccess({ kind: 'public' }, null)).toBe('allow');
  });

  it('refuses visitors elsewhere', () => {
    expect(decideAccess({ kind: 'signed-in' }, null)).toBe('unauthenticated');
    expect(decideAccess({ kind: 'signed-in', roles: ['admin'] }, null)).toBe('unauthenticated');
  });

  it('checks the role list', () => {
    expect(decideAccess({ kind: 'signed-in' }, as('user'))).toBe('allow');
    expect(decideAccess({ kind: 'signed-in', roles: ['admin'] }, as('admin'))).toBe('allow');
    expect(decideAccess({ kind: 'signed-in', roles: ['admin'] }, as('reviewer'))).toBe('forbidden');
    expect(decideAccess({ kind: 'signed-in', roles: ['admin', 'reviewer'] }, as('reviewer'))).toBe('allow');
    expect(decideAccess({ kind: 'signed-in', roles: ['reviewer'] }, as('user'))).toBe('forbidden');
  });

  it('looks at every role held: an admin who also reviews passes routes of either role', () => {
    expect(decideAccess({ kind: 'signed-in', roles: ['admin'] }, as('admin', 'reviewer'))).toBe('allow');
    expect(decideAccess({ kind: 'signed-in', roles: ['reviewer'] }, as('admin', 'reviewer'))).toBe('allow');
    expect(decideAccess({ kind: 'signed-in', roles: ['reviewer'] }, as('admin'))).toBe('forbidden');
  });

  it('admits nobody through an empty role list', () => {
    expect(decideAccess({ kind: 'signed-in', roles: [] }, as('admin'))).toBe('forbidden');
  });
});

class ProbeController {
  @Public() open(): void {}
  anyone(): void {}
  @Authenticated({ roles: ['admin'] }) adminOnly(): void {}
  @Authenticated({ roles: ['reviewer'] }) reviewerOnly(): void {}
  @Authenticated({ permission: Permission.InvitationSend }) invite(): void {}
  @Authenticated({ permission: Permission.ReviewListOwn }) myReviews(): void {}
}

@Controller()
class MixedController {
  @Post('admin/reviews/:id/reminders') @Authenticated() remind(): void {}
  @Get('admin/stats') @Public() stats(): void {}
  @Get('reviews/:id') @Authenticated() review(): void {}
}

@Controller('admin/things')
@Public()
class AdminController {
  @Get(':id') one(): void {}
  @Get(':id/invite') @Authenticated({ permission: Permission.InvitationSend }) invite(): void {}
}

@Public()
class PublicController {
  open(): void {}
  @Authenticated() closed(): void {}
}

describe('AuthGuard', () => {
  const user = (...roles: Role[]): AuthUser => ({ id: 'u1', email: 'a@example.org', roles: new Set<Role>(['user', ...roles]), sessionId: 's1', accessTokenExpiresAt: new Date() });

  function run(controller: new () => object, handler: string, signedIn: AuthUser | null, headers: Record<string, string> = {}) {
    const authenticate = jest.fn(() => Promise.resolve(signedIn));
    // Standing permissions never reach the repository: roles alone decide them.
    const access = new AccessService({} as AccessRepository);
    const guard = new AuthGuard(new Reflector(), { authenticate } as unknown as SessionAuthenticator, access);
    const request = { headers, cookies: {} } as unknown as FastifyRequest;
    const context = {
      getHandler: () => (controller.prototype as Record<string, unknown>)[handler],
      getClass: () => controller,
      switchToHttp: () => ({ getRequest: () => request }),
    } as unknown as ExecutionContext;
    return { result: guard.canActivate(context), request, authenticate };
  }

  async function statusOf(promise: Promise<boolean>): Promise<number> {
    try {
      await promise;
      return 200;
    } catch (error) {
      return (error as AppException).getStatus();
    }
  }

  it('lets visitors through public routes without touching the database', async () => {
    const { result, authenticate } = run(ProbeController, 'open', null);
    await expect(result).resolves.toBe(true);
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('still recognises a signed-in caller on a public route', async () => {
    const { result, request } = run(ProbeController, 'open', user(), { authorization: 'Bearer x' });
    await expect(result).resolves.toBe(true);
    expect(request.user?.id).toBe('u1');
  });

  it('answers 401 UNAUTHENTICATED on an undecorated route without a session', async () => {
    const { result } = run(ProbeController, 'anyone', null);
    await expect(result).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await statusOf(run(ProbeController, 'anyone', null).result)).toBe(401);
  });

  it('puts the user on the request of an undecorated route', async () => {
    const { result, request } = run(ProbeController, 'anyone', user());
    await expect(result).resolves.toBe(true);
    expect(request.user?.roles).toEqual(new Set(['user']));
  });

  it('answers 403 FORBIDDEN when the role is not allowed, 401 for visitors', async () => {
    expect(await statusOf(run(ProbeController, 'adminOnly', user('reviewer')).result)).toBe(403);
    await expect(run(ProbeController, 'adminOnly', user('reviewer')).result).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await statusOf(run(ProbeController, 'adminOnly', null).result)).toBe(401);
    expect(await statusOf(run(ProbeController, 'adminOnly', user('admin')).result)).toBe(200);
  });

  it('lets a user holding admin and reviewer through both an admin route and a reviewer route', async () => {
    expect(await statusOf(run(ProbeController, 'adminOnly', user('admin', 'reviewer')).result)).toBe(200);
    expect(await statusOf(run(ProbeController, 'reviewerOnly', user('admin', 'reviewer')).result)).toBe(200);
    expect(await statusOf(run(ProbeController, 'reviewerOnly', user('admin')).result)).toBe(403);
  });

  it('asks the access policy for a route\'s standing permission: 401 for visitors, 403 without it', async () => {
    expect(await statusOf(run(ProbeController, 'invite', null).result)).toBe(401);
    expect(await statusOf(run(ProbeController, 'invite', user()).result)).toBe(403);
    expect(await statusOf(run(ProbeController, 'invite', user('reviewer')).result)).toBe(403);
    await expect(run(ProbeController, 'invite', user('reviewer')).result).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await statusOf(run(ProbeController, 'invite', user('admin')).result)).toBe(200);
    expect(await statusOf(run(ProbeController, 'myReviews', user('admin')).result)).toBe(403);
    expect(await statusOf(run(ProbeController, 'myReviews', user('admin', 'reviewer')).result)).toBe(200);
  });

  it('refuses every route under /api/admin to non-admins, whatever its own metadata: 401 for visitors, 403 for others', async () => {
    for (const [controller, handler] of [
      [MixedController, 'remind'],
      [MixedController, 'stats'],
      [AdminController, 'one'],
      [AdminController, 'invite'],
    ] as const) {
      expect([handler, await statusOf(run(controller, handler, null).result)]).toEqual([handler, 401]);
      expect([handler, await statusOf(run(controller, handler, user()).result)]).toEqual([handler, 403]);
      expect([handler, await statusOf(run(controller, handler, user('reviewer')).result)]).toEqual([handler, 403]);
      expect([handler, await statusOf(run(controller, handler, user('admin')).result)]).toEqual([handler, 200]);
    }
    expect(await statusOf(run(MixedController, 'review', user()).result)).toBe(200);
  });

  it('honours a handler-level @Authenticated inside a public controller', async () => {
    expect(await statusOf(run(PublicController, 'open', null).result)).toBe(200);
    expect(await statusOf(run(PublicController, 'closed', null).result)).toBe(401);
  });
});

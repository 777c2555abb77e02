import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { RateLimitPolicy } from '../../common/rate-limit/rate-limit.decorator.js';
import { RateLimits } from '../../common/rate-limit/rate-limits.service.js';
import { LinkTokenPurpose, type LinkTokenSubject } from '../link-tokens/link-token-purpose.js';
import { LinkTokensService } from '../link-tokens/link-tokens.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { normalizeEmail } from '../users/email-address.js';
import { orderedRoles, resolveRole } from '../users/role-resolution.js';
import { UsersService } from '../users/users.service.js';
import { AccountMails } from './account-mails.service.js';
import { AuthRedirect, redirectTo, type RedirectTarget } from './auth-redirects.js';
import type { AuthUser } from './auth-user.js';
import { AuthErrorCode, AuthException } from './auth.exception.js';
import type { ForgotPasswordDto } from './dtos/forgot-password.dto.js';
import type { MessageResponseDto } from './dtos/message-response.dto.js';
import type { ResendConfirmationDto } from './dtos/resend-confirmation.dto.js';
import type { ResetPasswordDto } from './dtos/reset-password.dto.js';
import type { SessionResponseDto } from './dtos/session-response.dto.js';
import type { SignInDto } from './dtos/sign-in.dto.js';
import type { SignUpDto } from './dtos/sign-up.dto.js';
import { MIN_PASSWORD_LENGTH, PasswordHasher, passwordLength } from './password-hasher.js';
import { type ClientInfo, type IssuedSession, SessionsService } from './sessions.service.js';

export interface SignedIn {
  session: IssuedSession;
  body: SessionResponseDto;
}

const SIGN_UP_MESSAGE = 'Check your email for the confirmation link.';
const RESEND_CONFIRMATION_MESSAGE = 'If that account is waiting for confirmation, a new link is on its way.';
const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this e-mail address, a password reset link has been sent.';

/** The account flows of docs/api.md. HTTP details (cookies, redirects) stay in the controller. */
@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly linkTokens: LinkTokensService,
    private readonly passwords: PasswordHasher,
    private readonly notifications: NotificationsService,
    private readonly accountMails: AccountMails,
    private readonly rateLimits: RateLimits,
  ) {}

  async signUp(dto: SignUpDto): Promise<MessageResponseDto> {
    assertStrongEnough(dto.password);
    const email = normalizeEmail(dto.email);
    if (await this.users.findByEmail(email)) throw new AuthException(AuthErrorCode.AccountExists);
    const passwordHash = await this.passwords.hash(dto.password);
    try {
      await this.notifications.inTransaction(async (tx, mail) => {
        const user = await this.users.createAccount(tx, {
          email,
          passwordHash,
          firstName: dto.firstName,
          lastName: dto.lastName,
          schoolName: dto.schoolName,
          gradeLevel: dto.gradeLevel,
        });
        this.accountMails.queueConfirmation(tx, mail, user, dto.firstName);
      });
    } catch (error) {
      // Two sign-ups with the same address at once: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw new AuthException(AuthErrorCode.AccountExists);
      throw error;
    }
    return { message: SIGN_UP_MESSAGE };
  }

  /**
   * The journal's password rules for a new password, then its hash: for another module that
   * creates an account (a reviewer accepting an invitation). 400 AUTH_WEAK_PASSWORD when too weak.
   */
  hashNewPassword(password: string): Promise<string> {
    assertStrongEnough(password);
    return this.passwords.hash(password);
  }

  async confirmEmail(token: unknown): Promise<RedirectTarget> {
    const result = await this.em.transactional(async (tx) => {
      const used = await this.linkTokens.consume(tx, LinkTokenPurpose.EmailConfirmation, token);
      if (used.status === 'valid') {
        const userId = accountOf(used.record.subject);
        await this.users.markEmailConfirmed(tx, userId);
        // Like reset links: once one link worked, the others sent before it stop working.
        await this.linkTokens.consumeAllOf(tx, LinkTokenPurpose.EmailConfirmation, { userId });
      }
      return used.status;
    });
    switch (result) {
      case 'valid':
        return redirectTo(AuthRedirect.EmailConfirmed);
      case 'expired':
        return redirectTo(AuthRedirect.ConfirmationExpired);
      case 'invalid':
        return redirectTo(AuthRedirect.ConfirmationInvalid);
    }
  }

  /**
   * The password is checked before anything else, against a dummy hash for unknown addresses,
   * so neither the answer nor its timing says whether an address is registered; only someone
   * who knows the password learns that the address is not confirmed yet.
   */
  async signIn(dto: SignInDto, client: ClientInfo): Promise<SignedIn> {
    const user = await this.users.findByEmail(dto.email);
    const passwordOk = user
      ? await this.passwords.verify(user.passwordHash, dto.password)
      : await this.passwords.verifyAgainstDummy(dto.password);
    if (!user || !passwordOk) {
      // Failures alone count towards the per-address and per-account ceilings (RateLimits).
      await this.rateLimits.recordFailure(RateLimitPolicy.SignIn, { ip: client.ip, email: dto.email });
      throw new AuthException(AuthErrorCode.InvalidCredentials);
    }
    if (!user.emailConfirmedAt) throw new AuthException(AuthErrorCode.EmailNotConfirmed);
    if (this.passwords.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(this.em, user.id, await this.passwords.hash(dto.password));
    }
    return this.withBody(await this.sessions.start(user.id, client));
  }

  /**
   * A session for an account whose owner another module has identified (ORCID sign-in), on the
   * terms of a password sign-in: only an account with a confirmed address.
   */
  async signInIdentified(userId: string, client: ClientInfo): Promise<SignedIn> {
    if (!(await this.users.isEmailConfirmed(userId))) throw new AuthException(AuthErrorCode.EmailNotConfirmed);
    return this.withBody(await this.sessions.start(userId, client));
  }

  async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<SignedIn> {
    return this.withBody(await this.sessions.rotate(refreshToken, client));
  }

  async describeSession(user: AuthUser): Promise<SessionResponseDto> {
    const profile = await this.users.getProfile(user.id);
    return {
      user: {
        id: user.id,
        email: user.email,
        firstName: profile?.firstName ?? null,
        lastName: profile?.lastName ?? null,
        role: resolveRole(user.roles),
        roles: orderedRoles(user.roles),
        orcidId: profile?.orcidId ?? null,
        orcidName: profile?.orcidName ?? null,
        orcidLinkedAt: profile?.orcidLinkedAt ?? null,
      },
      accessTokenExpiresAt: user.accessTokenExpiresAt.toISOString(),
    };
  }

  /** Revokes the session the request refers to, if any; signing out never fails. */
  async signOut(refreshToken: string | undefined, accessToken: string | undefined): Promise<void> {
    const sessionId = await this.sessions.findForSignOut(refreshToken, accessToken);
    if (sessionId) await this.sessions.revoke(sessionId);
  }

  async signOutEverywhere(user: AuthUser): Promise<void> {
    await this.sessions.revokeAll(user.id);
  }

  /**
   * The same answer for every address, given before the address is even looked up
   * (AccountMails), so neither its content nor its timing says whether an account exists.
   */
  forgotPassword(dto: ForgotPasswordDto): Promise<MessageResponseDto> {
    this.accountMails.request('password-reset', dto.email);
    return Promise.resolve({ message: FORGOT_PASSWORD_MESSAGE });
  }

  /** A new confirmation link for an account waiting for one; answered like forgot-password. */
  resendConfirmation(dto: ResendConfirmationDto): Promise<MessageResponseDto> {
    this.accountMails.request('confirmation', dto.email);
    return Promise.resolve({ message: RESEND_CONFIRMATION_MESSAGE });
  }

  /** The e-mailed link: a valid token goes to the web app's new-password form (in the fragment, never logged). */
  async recoverLink(token: unknown): Promise<RedirectTarget> {
    const check = await this.linkTokens.check(LinkTokenPurpose.PasswordReset, token);
    return check.status === 'valid' && typeof token === 'string'
      ? redirectTo(AuthRedirect.recovery(token))
      : redirectTo(AuthRedirect.ResetLinkExpired);
  }

  /**
   * Sets the new password, uses the token (and any other outstanding reset link) up and signs
   * the user out everywhere. Following the e-mailed link also proves the address.
   */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    assertStrongEnough(dto.password);
    const passwordHash = await this.passwords.hash(dto.password);
    const status = await this.em.transactional(async (tx) => {
      const used = await this.linkTokens.consume(tx, LinkTokenPurpose.PasswordReset, dto.token);
      if (used.status !== 'valid') return used.status;
      const userId = accountOf(used.record.subject);
      await this.users.setPasswordHash(tx, userId, passwordHash);
      await this.users.markEmailConfirmed(tx, userId);
      await this.linkTokens.consumeAllOf(tx, LinkTokenPurpose.PasswordReset, { userId });
      await this.sessions.revokeAll(userId, tx);
      return used.status;
    });
    if (status === 'expired') throw new AuthException(AuthErrorCode.ResetExpired);
    if (status === 'invalid') throw new AuthException(AuthErrorCode.ResetInvalid);
  }

  private async withBody(session: IssuedSession): Promise<SignedIn> {
    const identity = await this.users.getIdentity(session.userId);
    if (!identity) throw new AuthException(AuthErrorCode.RefreshInvalid);
    const body = await this.describeSession({ ...identity, sessionId: session.sessionId, accessTokenExpiresAt: session.accessTokenExpiresAt });
    return { session, body };
  }
}

/** Confirmation and reset links are only ever issued to accounts; anything else undoes the transaction. */
function accountOf(subject: LinkTokenSubject): string {
  if (!('userId' in subject)) throw new Error('An account link token has no account');
  return subject.userId;
}

function assertStrongEnough(password: string): void {
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) throw new AuthException(AuthErrorCode.WeakPassword);
}

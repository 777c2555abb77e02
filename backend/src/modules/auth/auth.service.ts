import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import type { OutboxMail } from '../notifications/outbox/outbox-mail.entity.js';
import { normalizeEmail } from '../users/entities/user.repository.js';
import { UsersService } from '../users/users.service.js';
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
import { LinkTokensService } from './link-tokens.service.js';
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
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly linkTokens: LinkTokensService,
    private readonly passwords: PasswordHasher,
    private readonly notifications: NotificationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signUp(dto: SignUpDto): Promise<MessageResponseDto> {
    assertStrongEnough(dto.password);
    const email = normalizeEmail(dto.email);
    if (await this.users.findByEmail(email)) throw new AuthException(AuthErrorCode.AccountExists);
    const passwordHash = await this.passwords.hash(dto.password);
    let mail;
    try {
      mail = await this.em.transactional(async (tx) => {
        const user = await this.users.createAccount(tx, {
          email,
          passwordHash,
          firstName: dto.firstName,
          lastName: dto.lastName,
          schoolName: dto.schoolName,
          gradeLevel: dto.gradeLevel,
        });
        return this.queueConfirmationMail(tx, user, dto.firstName);
      });
    } catch (error) {
      // Two sign-ups with the same address at once: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw new AuthException(AuthErrorCode.AccountExists);
      throw error;
    }
    await this.notifications.dispatch([mail]);
    return { message: SIGN_UP_MESSAGE };
  }

  async confirmEmail(token: unknown): Promise<RedirectTarget> {
    const result = await this.em.transactional(async (tx) => {
      const used = await this.linkTokens.consume(tx, 'email_confirmation', token);
      if (used.status === 'valid') {
        await this.users.markEmailConfirmed(tx, used.record.userId);
        // Like reset links: once one link worked, the others sent before it stop working.
        await this.linkTokens.useUpAllOf(tx, used.record.userId, 'email_confirmation');
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
    if (!user || !passwordOk) throw new AuthException(AuthErrorCode.InvalidCredentials);
    if (!user.emailConfirmedAt) throw new AuthException(AuthErrorCode.EmailNotConfirmed);
    if (this.passwords.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(this.em, user.id, await this.passwords.hash(dto.password));
    }
    return this.withBody(await this.sessions.start(user.id, client));
  }

  async refresh(refreshToken: string | undefined, client: ClientInfo): Promise<SignedIn> {
    return this.withBody(await this.sessions.rotate(refreshToken, client));
  }

  async describeSession(user: AuthUser): Promise<SessionResponseDto> {
    const profile = await this.users.getProfile(user.id);
    return {
      user: { id: user.id, email: user.email, firstName: profile?.firstName ?? null, lastName: profile?.lastName ?? null, role: user.role },
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

  /** The same answer for every address; the e-mail goes out only when the account exists. */
  async forgotPassword(dto: ForgotPasswordDto): Promise<MessageResponseDto> {
    const user = await this.users.findByEmail(dto.email);
    if (user) {
      const profile = await this.users.getProfile(user.id);
      const mail = await this.em.transactional((tx) => {
        const { token, record } = this.linkTokens.issue(tx, user.id, 'password_reset');
        return this.notifications.queueMail(tx, {
          template: MailTemplate.ResetPassword,
          to: user.email,
          data: { firstName: profile?.firstName ?? null, resetUrl: this.link('/api/auth/recover', token) },
          dedupeKey: `reset-password:${record.id}`,
        });
      });
      // Not awaited: waiting for the queue would make known addresses measurably slower. The
      // outbox relay sends the e-mail if this hand-off fails.
      void this.notifications.dispatch([mail]).catch((error: unknown) => this.logger.warn(`Reset e-mail dispatch failed: ${String(error)}`));
    }
    return { message: FORGOT_PASSWORD_MESSAGE };
  }

  /**
   * A new confirmation link for an account that is waiting for one. The same answer for unknown
   * and already confirmed addresses, so it says nothing about which addresses are registered.
   */
  async resendConfirmation(dto: ResendConfirmationDto): Promise<MessageResponseDto> {
    const user = await this.users.findByEmail(dto.email);
    if (user && !user.emailConfirmedAt) {
      const profile = await this.users.getProfile(user.id);
      const mail = await this.em.transactional((tx) => this.queueConfirmationMail(tx, user, profile?.firstName ?? ''));
      // Not awaited, as for forgot-password: the timing must not tell waiting accounts apart.
      void this.notifications.dispatch([mail]).catch((error: unknown) => this.logger.warn(`Confirmation e-mail dispatch failed: ${String(error)}`));
    }
    return { message: RESEND_CONFIRMATION_MESSAGE };
  }

  /** The e-mailed link: a valid token goes to the web app's new-password form (in the fragment, never logged). */
  async recoverLink(token: unknown): Promise<RedirectTarget> {
    const check = await this.linkTokens.check('password_reset', token);
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
      const used = await this.linkTokens.consume(tx, 'password_reset', dto.token);
      if (used.status !== 'valid') return used.status;
      const userId = used.record.userId;
      await this.users.setPasswordHash(tx, userId, passwordHash);
      await this.users.markEmailConfirmed(tx, userId);
      await this.linkTokens.useUpAllOf(tx, userId, 'password_reset');
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

  /** Issues a confirmation link and records its e-mail in the caller's transaction (sign-up and resend). */
  private queueConfirmationMail(tx: EntityManager, user: { id: string; email: string }, firstName: string): OutboxMail {
    const { token, record } = this.linkTokens.issue(tx, user.id, 'email_confirmation');
    return this.notifications.queueMail(tx, {
      template: MailTemplate.ConfirmEmail,
      to: user.email,
      data: { firstName, confirmUrl: this.link('/api/auth/confirm', token) },
      dedupeKey: `confirm-email:${record.id}`,
    });
  }

  /** Links always use the configured public address, never the request's Host header. */
  private link(path: string, token: string): string {
    return `${this.config.http.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }
}

function assertStrongEnough(password: string): void {
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) throw new AuthException(AuthErrorCode.WeakPassword);
}

import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimitPolicy } from '../../common/rate-limit/rate-limit.decorator.js';
import { RateLimits } from '../../common/rate-limit/rate-limits.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { MailTemplate } from '../notifications/mail/mail-template.js';
import { type MailOutbox, NotificationsService } from '../notifications/notifications.service.js';
import { normalizeEmail } from '../users/email-address.js';
import { UsersService } from '../users/users.service.js';
import { LinkTokenPurpose } from '../link-tokens/link-token-purpose.js';
import { LinkTokensService } from '../link-tokens/link-tokens.service.js';

/** The e-mails a stranger may ask for in someone's name. */
export type AccountMailKind = 'password-reset' | 'confirmation';

const QUOTA: Record<AccountMailKind, RateLimitPolicy> = {
  'password-reset': RateLimitPolicy.ResetMail,
  confirmation: RateLimitPolicy.ConfirmationMail,
};

/**
 * Forgot-password and resend-confirmation answer before any of their work starts: looking the
 * address up, counting the inbox's quota, issuing a link and recording the e-mail all happen
 * after the answer, so the answer takes the same time whether or not the address has an
 * account. Work in flight is finished before the process stops; a crash in between loses one
 * e-mail that the person can ask for again.
 */
@Injectable()
export class AccountMails implements BeforeApplicationShutdown {
  private readonly logger = new Logger(AccountMails.name);
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly linkTokens: LinkTokensService,
    private readonly notifications: NotificationsService,
    private readonly rateLimits: RateLimits,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Returns at once, whatever the address; the e-mail (if any) is prepared right after. */
  request(kind: AccountMailKind, email: string): void {
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => RequestContext.create(this.em, () => this.send(kind, normalizeEmail(email))))
      .catch((error: unknown) => this.logger.warn(`Could not prepare a ${kind} e-mail: ${String(error)}`))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Resolves once every requested e-mail has been recorded (or given up); for shutdown and tests. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.drain();
  }

  /** The confirmation e-mail of a new or waiting account, recorded in the caller's transaction. */
  queueConfirmation(tx: EntityManager, mail: MailOutbox, user: { id: string; email: string }, firstName: string): void {
    const { token, id } = this.linkTokens.issue(tx, {
      purpose: LinkTokenPurpose.EmailConfirmation,
      subject: { userId: user.id },
      expiresInMs: this.config.auth.emailConfirmationTtlHours * 60 * 60 * 1000,
    });
    mail.queue({
      template: MailTemplate.ConfirmEmail,
      to: user.email,
      data: { firstName, confirmUrl: this.link('/api/auth/confirm', token) },
      dedupeKey: `confirm-email:${id}`,
    });
  }

  private async send(kind: AccountMailKind, email: string): Promise<void> {
    // Counted for every address, so running out says nothing about whether an account exists.
    if (!(await this.rateLimits.take(QUOTA[kind], { email }))) {
      this.logger.log(`Inbox quota reached: no ${kind} e-mail`);
      return;
    }
    const user = await this.users.findByEmail(email);
    if (!user) return;
    if (kind === 'confirmation' && user.emailConfirmedAt) return;
    const profile = await this.users.getProfile(user.id);
    await this.notifications.inTransaction((tx, mail) =>
      kind === 'confirmation' ? this.queueConfirmation(tx, mail, user, profile?.firstName ?? '') : this.queueReset(tx, mail, user, profile?.firstName ?? null),
    );
  }

  private queueReset(tx: EntityManager, mail: MailOutbox, user: { id: string; email: string }, firstName: string | null): void {
    const { token, id } = this.linkTokens.issue(tx, {
      purpose: LinkTokenPurpose.PasswordReset,
      subject: { userId: user.id },
      expiresInMs: this.config.auth.passwordResetTtlMinutes * 60 * 1000,
    });
    mail.queue({
      template: MailTemplate.ResetPassword,
      to: user.email,
      data: { firstName, resetUrl: this.link('/api/auth/recover', token) },
      dedupeKey: `reset-password:${id}`,
    });
  }

  /** Links always use the configured public address, never the request's Host header. */
  private link(path: string, token: string): string {
    return `${this.config.http.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }
}

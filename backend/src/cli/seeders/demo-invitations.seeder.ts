import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { normalizeEmail } from '../../modules/users/email-address.js';
import { ReviewerInvitation } from '../../modules/invitations/entities/reviewer-invitation.entity.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo reviewer as a real one comes to be: invited by the demo editor and accepted. Only an
 * accepted invitation makes an account assignable (spec section 5), so without it the demo's
 * editor would find no reviewer to assign a paper to.
 */
@Injectable()
export class DemoInvitationsSeeder {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Records the accepted invitation once; later runs change nothing. */
  async seed(reviewerEmail: string, invitedBy: string | null): Promise<'created' | 'unchanged'> {
    const em = this.em.fork();
    const emailKey = normalizeEmail(reviewerEmail);
    if ((await em.count(ReviewerInvitation, { emailKey, status: 'accepted' })) > 0) return 'unchanged';
    const now = new Date();
    em.create(ReviewerInvitation, {
      email: reviewerEmail,
      emailKey,
      invitedBy,
      status: 'accepted',
      invitedAt: now,
      expiresAt: new Date(now.getTime() + this.config.invitations.ttlDays * DAY_MS),
      acceptedAt: now,
      linkTokenId: null,
      outboxMailId: null,
    });
    await em.flush();
    return 'created';
  }
}

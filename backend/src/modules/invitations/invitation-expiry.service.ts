import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { type Chore, RecurringChore } from '../../chores/recurring-chore.decorator.js';
import { ReviewerInvitation } from './entities/reviewer-invitation.entity.js';

export const INVITATION_EXPIRY_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Marks pending invitations past their expiry as expired (spec: pending, accepted, expired).
 * Their links stop working at the same moment by themselves (same expiry); this keeps the
 * status the lists show true. One statement, so overlapping runs only do the same work.
 */
@Injectable()
@RecurringChore({ name: 'expire-reviewer-invitations', everyMs: INVITATION_EXPIRY_INTERVAL_MS })
export class InvitationExpiry implements Chore {
  private readonly logger = new Logger(InvitationExpiry.name);

  constructor(private readonly orm: MikroORM) {}

  async run(now = new Date()): Promise<number> {
    const expired = await this.orm.em.fork().nativeUpdate(ReviewerInvitation, { status: 'pending', expiresAt: { $lte: now } }, { status: 'expired' });
    if (expired > 0) this.logger.log(`Marked ${expired} reviewer invitation(s) expired`);
    return expired;
  }
}
